import { Classes } from '@blueprintjs/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { readStored, StorageKey, writeStored } from '../common/local-storage';

export type ThemeMode = 'light' | 'dark';

interface ThemeValue {
  mode: ThemeMode;
  toggle(): void;
}

const ThemeContext = createContext<ThemeValue>({ mode: 'light', toggle: () => undefined });

function savedMode(): ThemeMode {
  return readStored(StorageKey.themeMode) === 'dark' ? 'dark' : 'light';
}

/** Light or dark (spec §4 "Theme"), saved locally and applied to the whole page. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(savedMode);
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, mode === 'dark');
    document.documentElement.dataset.theme = mode;
    writeStored(StorageKey.themeMode, mode);
  }, [mode]);
  const toggle = useCallback(() => setMode((current) => (current === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  return useContext(ThemeContext);
}
