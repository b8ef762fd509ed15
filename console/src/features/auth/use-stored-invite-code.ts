import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { StorageKey, writeStored } from '../../common/local-storage';

/** Keeps `?aff=` (an invite code) in local storage, so registration and third-party sign-up send it. */
export function useStoredInviteCode(): void {
  const [params] = useSearchParams();
  const aff = params.get('aff');
  useEffect(() => {
    if (aff) writeStored(StorageKey.aff, aff);
  }, [aff]);
}
