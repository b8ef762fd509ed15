import { useSyncExternalStore } from 'react';

/** The mobile layout applies at 600 px wide or less (spec §2 "Shell"). */
export const MOBILE_QUERY = '(max-width: 600px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(MOBILE_QUERY);
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(MOBILE_QUERY).matches ?? false, () => false);
}
