/** The default period of the safety-net reload of the relay's in-memory state. */
export const DEFAULT_FULL_RELOAD_INTERVAL_MS = 300_000;

/**
 * Runs `reload` every `intervalMs` (0 or less: never) on an unref'd timer, as the safety net of a
 * cache refreshed by change events: the bus delivers events at most once, so a replica that missed
 * one still converges. A failed reload is reported to `onError` and tried again next period.
 * Returns the function that stops it.
 */
export function startPeriodicReload(
  intervalMs: number | undefined,
  reload: () => Promise<void>,
  onError: (err: unknown) => void,
): () => void {
  const period = intervalMs ?? DEFAULT_FULL_RELOAD_INTERVAL_MS;
  if (period <= 0) return () => undefined;
  const timer = setInterval(() => reload().catch(onError), period);
  timer.unref();
  return () => clearInterval(timer);
}
