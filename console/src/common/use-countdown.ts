import { useCallback, useEffect, useState } from 'react';

/** How long asking for another email code (or reset mail) stays locked, in seconds (spec §9). */
export const EMAIL_RETRY_SECONDS = 30;

/**
 * A seconds countdown: `start()` sets it to `seconds` and it ticks down once a second to 0.
 * `running` (`remaining > 0`) means the action it guards is locked.
 */
export function useCountdown(seconds = EMAIL_RETRY_SECONDS) {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, running: remaining > 0, start };
}
