let recording = false;

/**
 * Whether this process records spans (an exporter or processor is set). Code that would build a
 * span of its own on a hot path asks first, so without an exporter it costs nothing at all.
 */
export function tracingActive(): boolean {
  return recording;
}

/** Set by the telemetry bootstrap. */
export function setTracingActive(active: boolean): void {
  recording = active;
}
