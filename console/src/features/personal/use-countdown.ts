import { useCallback, useEffect, useState } from 'react';

/** Seconds before another email code may be asked for (spec §9). */
export const RESEND_SECONDS = 30;

/** A per-second countdown: `start()` sets it to `seconds`; `remaining` is 0 when idle. */
export function useCountdown(seconds: number = RESEND_SECONDS) {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, start };
}
