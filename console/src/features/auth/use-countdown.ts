import { useCallback, useEffect, useState } from 'react';

/** How long the email-code resend and the reset retry stay locked (spec §9). */
export const RETRY_LOCK_SECONDS = 30;

/**
 * A seconds countdown: `start()` sets it to `seconds` and it ticks down once a second to 0.
 * `remaining > 0` means the action it guards is locked.
 */
export function useCountdown(seconds = RETRY_LOCK_SECONDS) {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, running: remaining > 0, start };
}
