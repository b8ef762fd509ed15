import type { UpstreamError } from '../protocols/upstream-error';
import { isBlankJson, type ParsedColumn } from './model-mapping';

/**
 * A channel's `status_code_mapping`: upstream error status → the status the gateway acts on,
 * e.g. `{"429":"500"}` (the reference's `service/error.go` `ResetStatusCode`). One level, exact
 * match. It is applied to every failed attempt before the retry and auto-disable decisions, so
 * the mapped status drives both and is what the client receives.
 *
 * Stricter than the reference, on purpose: keys must be 300–599 (a success is never re-mapped)
 * and values 400–599 (an error is never turned into a success, which billing would settle as
 * one). Values may be JSON strings (the reference's form) or numbers.
 */
export type StatusCodeMapping = ReadonlyMap<number, number>;

const EMPTY_MAPPING: StatusCodeMapping = new Map();

/** The integer a mapping key or value denotes, or undefined when it is not a plain integer. */
function toStatus(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\s*\d{3}\s*$/.test(raw)) return Number(raw);
  return undefined;
}

/**
 * Parses a `status_code_mapping` column. Like `model_mapping`, a malformed text is ignored as a
 * whole (empty mapping plus a problem to report) rather than failing requests.
 */
export function parseStatusCodeMapping(text: string | null | undefined): ParsedColumn<StatusCodeMapping> {
  if (isBlankJson(text)) return { value: EMPTY_MAPPING };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text as string);
  } catch {
    return { value: EMPTY_MAPPING, problem: 'status_code_mapping is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { value: EMPTY_MAPPING, problem: 'status_code_mapping must be a JSON object' };
  }
  const mapping = new Map<number, number>();
  for (const [rawFrom, rawTo] of Object.entries(parsed)) {
    const from = toStatus(rawFrom);
    const to = toStatus(rawTo);
    if (from === undefined || from < 300 || from > 599) {
      return { value: EMPTY_MAPPING, problem: `status_code_mapping key "${rawFrom}" must be a status code 300-599` };
    }
    if (to === undefined || to < 400 || to > 599) {
      return {
        value: EMPTY_MAPPING,
        problem: `status_code_mapping value of "${rawFrom}" must be a status code 400-599`,
      };
    }
    if (from !== to) mapping.set(from, to);
  }
  return { value: mapping.size === 0 ? EMPTY_MAPPING : mapping };
}

/** The status to act on for an upstream status; successes (2xx) are never mapped. */
export function mapStatusCode(mapping: StatusCodeMapping, status: number): number {
  if (status >= 200 && status < 300) return status;
  return mapping.get(status) ?? status;
}

/**
 * An upstream failure as the policies and the client should see it: with the channel's mapping
 * applied to its status. Transport failures and timeouts keep their status (they are not
 * answers from the upstream).
 */
export function applyStatusCodeMapping(mapping: StatusCodeMapping, error: UpstreamError): UpstreamError {
  if (error.kind !== 'upstream' || mapping.size === 0) return error;
  return error.withStatus(mapStatusCode(mapping, error.status));
}
