/**
 * What an option's value must look like (spec §3 "Option", §5 "Settings"): the kind of text each
 * key of the registry holds. The registry builds its zod rule and its parser from it.
 */
export type OptionRule =
  /** Free text (secrets included). */
  | { kind: 'text' }
  /** `true` or `false`. */
  | { kind: 'boolean' }
  /** A base address: trimmed, trailing slashes stripped. */
  | { kind: 'address' }
  /** A whole number in `[min, max]`. */
  | { kind: 'integer'; min: number; max?: number }
  /** A number above `above`, or in `[min, max]`. */
  | { kind: 'number'; above?: number; min?: number; max?: number }
  /** One of a few words. */
  | { kind: 'choice'; choices: readonly string[] }
  /** JSON text of the given shape; `label` names it in messages where the console does. */
  | { kind: 'json'; shape: JsonShape; label?: string }
  /**
   * IP addresses and CIDR ranges, separated by commas, spaces or lines; stored comma-separated.
   * The services also check each entry is an address (`parseAddressRanges` of the runtime).
   */
  | { kind: 'addressRanges' };

/**
 * Shapes of the JSON options: `ratios` name → number ≥ 0; `texts` name → string; `chats` an array
 * of single-entry objects name → link; `headers` model → header → list of values; `maxTokens`
 * model → positive whole number.
 */
export type JsonShape = 'ratios' | 'texts' | 'chats' | 'headers' | 'maxTokens';
