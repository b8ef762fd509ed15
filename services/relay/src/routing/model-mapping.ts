/**
 * A channel's `model_mapping`: the client-facing model name → the name sent upstream.
 *
 * Rules (the reference's `relay/helper/model_mapped.go`, April 2025):
 * - one level, exact key match: `{"a":"b","b":"c"}` sends `a` upstream as `b`, never `c`.
 *   Chains are deliberately not followed, so a mapping never loops and an admin reads the
 *   upstream name straight off the entry;
 * - an empty target, or a target equal to the key, means "not mapped";
 * - billing, pricing, logs and rate limits keep the requested name; only the upstream call (and
 *   the log's `upstream_model_name`) sees the mapped one.
 */

/** Requested → upstream model names of one channel; empty when the channel maps nothing. */
export type ModelMapping = ReadonlyMap<string, string>;

/** What a channel's mapping made of a requested model name. */
export interface ModelRoute {
  /** The name the client asked for: billing, pricing and logs use this one. */
  readonly requested: string;
  /** The name to send upstream (equal to `requested` when not mapped). */
  readonly upstream: string;
  /** True when `upstream` differs from `requested` (the log's `is_model_mapped`). */
  readonly mapped: boolean;
}

/** Outcome of parsing a JSON text column: the value, or an empty value and what was wrong. */
export interface ParsedColumn<T> {
  readonly value: T;
  /** Why the text was ignored; undefined when it parsed (or was empty). */
  readonly problem?: string;
}

const EMPTY_MAPPING: ModelMapping = new Map();

/** True for the texts that mean "nothing configured": null, blank, `{}` or `null`. */
export function isBlankJson(text: string | null | undefined): boolean {
  if (text === null || text === undefined) return true;
  const trimmed = text.trim();
  return trimmed === '' || trimmed === '{}' || trimmed === 'null';
}

/**
 * Parses a `model_mapping` column. Anything but a JSON object of strings is ignored as a whole
 * (an empty mapping plus a problem to report): a half-applied mapping would be harder to reason
 * about than none, and a bad row must never fail requests one by one.
 */
export function parseModelMapping(text: string | null | undefined): ParsedColumn<ModelMapping> {
  if (isBlankJson(text)) return { value: EMPTY_MAPPING };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text as string);
  } catch {
    return { value: EMPTY_MAPPING, problem: 'model_mapping is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { value: EMPTY_MAPPING, problem: 'model_mapping must be a JSON object' };
  }
  const mapping = new Map<string, string>();
  for (const [from, to] of Object.entries(parsed)) {
    if (typeof to !== 'string') {
      return { value: EMPTY_MAPPING, problem: `model_mapping value of "${from}" must be a string` };
    }
    if (to !== '' && to !== from) mapping.set(from, to);
  }
  return { value: mapping.size === 0 ? EMPTY_MAPPING : mapping };
}

/** Applies a channel's mapping to the requested model name (one level, see the module doc). */
export function mapModel(mapping: ModelMapping, requested: string): ModelRoute {
  const upstream = mapping.get(requested);
  if (upstream === undefined) return { requested, upstream: requested, mapped: false };
  return { requested, upstream, mapped: true };
}
