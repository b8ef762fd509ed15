import { useCallback, useState } from 'react';
import { readStored, StorageKey, writeStored } from './local-storage';

/** Page sizes offered by every paged table (spec §9). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function storedPageSize(): number {
  const saved = Number(readStored(StorageKey.pageSize));
  return (PAGE_SIZES as readonly number[]).includes(saved) ? saved : DEFAULT_PAGE_SIZE;
}

/** The page size shared by every table: chosen once, remembered locally. */
export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(storedPageSize);
  const choose = useCallback((next: number) => {
    writeStored(StorageKey.pageSize, String(next));
    setSize(next);
  }, []);
  return [size, choose];
}
