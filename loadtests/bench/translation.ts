import { findValid } from './targets';
import { COMPARED_TARGETS, type ComparedTarget, type Mode, type ScenarioResult } from './types';

/**
 * What serving one client protocol costs, for one mode and connection count: the relay called
 * with Anthropic Messages requests (`relay-anthropic`) or Gemini generateContent requests
 * (`relay-gemini`), translated to its OpenAI channel and back, or with OpenAI Responses requests
 * passed through to that channel (`relay-responses`) or converted through chat completions for a
 * chat-only channel on the same fake upstream (`relay-responses-chat`), against the same relay
 * called with OpenAI chat completions (`relay`, passed through). All run in the same relay
 * process, against the same fake upstream, one right after the other, so the difference is the
 * translation and what a request of that protocol brings with it. A measurement, not a target:
 * nothing here passes or misses. The `translated…` fields hold the compared target's figures,
 * translated or not.
 */
export interface TranslationRow {
  mode: Mode;
  connections: number;
  /** The compared target this row measures. */
  target: ComparedTarget;
  /** Passthrough (`relay`) req/s; null when that scenario did not run or was invalid. */
  passthroughRps: number | null;
  /** The compared target's req/s; null when that scenario did not run or was invalid. */
  translatedRps: number | null;
  /** Translated req/s ÷ passthrough req/s. */
  translatedVsPassthrough: number | null;
  /** Translated latency − passthrough latency, ms (a difference of percentiles). */
  addedP50Ms: number | null;
  addedP99Ms: number | null;
  /** Translated time to first chunk, p50, ms (streaming only). */
  translatedTtfcP50Ms: number | null;
  /** Translated TTFC p50 − passthrough TTFC p50, ms (streaming only). */
  addedTtfcP50Ms: number | null;
}

/**
 * One row per mode, connection count and compared target whose scenario ran (valid or not, so
 * an invalid one still shows up as a row of dashes rather than vanishing), the compared
 * targets of one mode and connection count together. Only valid scenarios' numbers enter a row.
 */
export function computeTranslation(results: readonly ScenarioResult[], connections: readonly number[]): TranslationRow[] {
  const rows: TranslationRow[] = [];
  const diff = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? null : a - b);
  for (const mode of ['json', 'stream'] as const) {
    for (const count of connections) {
      const passthrough = findValid(results, 'relay', mode, count);
      for (const target of COMPARED_TARGETS) {
        const ran = results.some((r) => r.target === target && r.mode === mode && r.connections === count);
        if (!ran) continue;
        const translated = findValid(results, target, mode, count);
        const streaming = mode === 'stream';
        rows.push({
          mode,
          connections: count,
          target,
          passthroughRps: passthrough?.rps ?? null,
          translatedRps: translated?.rps ?? null,
          translatedVsPassthrough: translated && passthrough && passthrough.rps > 0 ? translated.rps / passthrough.rps : null,
          addedP50Ms: diff(translated?.latency?.p50, passthrough?.latency?.p50),
          addedP99Ms: diff(translated?.latency?.p99, passthrough?.latency?.p99),
          translatedTtfcP50Ms: streaming ? (translated?.ttfc?.p50 ?? null) : null,
          addedTtfcP50Ms: streaming ? diff(translated?.ttfc?.p50, passthrough?.ttfc?.p50) : null,
        });
      }
    }
  }
  return rows;
}
