import type { NumberBounds } from '../api-bounds';
import { baseAddress, listEntries, parseDecimal } from './check';
import type { JsonShape, OptionRule } from './rule';

/**
 * One option as the registry declares it: its default text, the rule its text must follow,
 * whether it is a secret (written by the root user, never returned by a read) and the parser
 * that turns its text into the typed value services use. A stored text the parser cannot use
 * gives the default's value.
 */
export interface OptionSpec<T> {
  readonly default: string;
  readonly rule: OptionRule;
  readonly secret: boolean;
  readonly parse: (text: string) => T;
}

/** Free text. */
export const text = (fallback = ''): OptionSpec<string> => ({ default: fallback, rule: { kind: 'text' }, secret: false, parse: (value) => value });

/** Free text that is a secret: accepted on write, left out of every read. */
export const secret = (): OptionSpec<string> => ({ ...text(), secret: true });

/** A switch stored as `true` or `false`. */
export function flag(fallback: boolean): OptionSpec<boolean> {
  return {
    default: String(fallback),
    rule: { kind: 'boolean' },
    secret: false,
    parse: (value) => (value === 'true' ? true : value === 'false' ? false : fallback),
  };
}

/** A number within `bounds` (whole or not, as the bounds say), written in plain decimal form. */
export function numeric(fallback: number, bounds: NumberBounds): OptionSpec<number> {
  const rule: OptionRule = bounds.integer
    ? { kind: 'integer', min: bounds.min, max: bounds.max }
    : bounds.exclusiveMin
      ? { kind: 'number', above: bounds.min, max: bounds.max }
      : { kind: 'number', min: bounds.min, max: bounds.max };
  return {
    default: String(fallback),
    rule,
    secret: false,
    parse(value) {
      const number = parseDecimal(value);
      const fits =
        number !== undefined &&
        Number.isFinite(number) &&
        (!bounds.integer || Number.isSafeInteger(number)) &&
        (bounds.exclusiveMin ? number > bounds.min : number >= bounds.min) &&
        number <= bounds.max;
      return fits ? number : fallback;
    },
  };
}

/** A base address; stored trimmed, without trailing slashes, and read the same way. */
export const address = (): OptionSpec<string> => ({ default: '', rule: { kind: 'address' }, secret: false, parse: baseAddress });

/** One of a few words. */
export function choice<const C extends string>(fallback: C, choices: readonly C[]): OptionSpec<C> {
  return {
    default: fallback,
    rule: { kind: 'choice', choices },
    secret: false,
    parse: (value) => ((choices as readonly string[]).includes(value) ? (value as C) : fallback),
  };
}

/** A JSON object (name → entry) of the given shape; a malformed text reads as `{}`. */
export function jsonObject(fallback: Readonly<Record<string, unknown>>, shape: Exclude<JsonShape, 'chats'>, label?: string): OptionSpec<Record<string, unknown>> {
  return {
    default: JSON.stringify(fallback),
    rule: label === undefined ? { kind: 'json', shape } : { kind: 'json', shape, label },
    secret: false,
    parse: jsonObjectOption,
  };
}

/** `Chats`: a JSON array of single-entry objects name → link; a malformed text reads as `[]`. */
export function chatList(fallback: ReadonlyArray<Record<string, string>>): OptionSpec<Array<Record<string, string>>> {
  return {
    default: JSON.stringify(fallback),
    rule: { kind: 'json', shape: 'chats' },
    secret: false,
    parse(value) {
      try {
        const parsed: unknown = JSON.parse(value);
        return Array.isArray(parsed) ? (parsed as Array<Record<string, string>>) : [];
      } catch {
        return [];
      }
    },
  };
}

/** Addresses and CIDR ranges, comma-separated; read as the list of entries. */
export const addressRanges = (): OptionSpec<string[]> => ({ default: '', rule: { kind: 'addressRanges' }, secret: false, parse: listEntries });

/**
 * A JSON-object option (GroupRatio, UserUsableGroups, …) as a plain record; `{}` when the text
 * is not a JSON object. Values are validated before they are stored, so only a value stored
 * before validation existed can be malformed; readers skip it rather than fail.
 */
export function jsonObjectOption(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
