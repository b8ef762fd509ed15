import { checkJsonOption } from './json-shapes';
import { OptionMessage } from './messages';
import type { OptionRule } from './rule';

/** A value refused by its rule: the message shown, a stable code and the parts it names (ADR 0028). */
export interface OptionRefusal {
  readonly message: string;
  readonly code: string;
  readonly params?: Record<string, string | number>;
}

/** The result of checking one value: the text to store (normalised) or why it is refused. */
export type OptionCheck = { ok: true; value: string } | ({ ok: false } & OptionRefusal);

const refuse = (message: string, code = 'invalid_option_value', params?: Record<string, string | number>): OptionCheck =>
  params === undefined ? { ok: false, message, code } : { ok: false, message, code, params };

/** A plain decimal number (no hex, no `Infinity`, no empty string), trimmed. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function parseDecimal(value: string): number | undefined {
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

/** An address trimmed and without trailing slashes, ready for a path to be appended. */
export function baseAddress(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** The entries of a list typed with commas, spaces or new lines. */
export function listEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}

/** The refusal of a number outside its rule's bounds. */
function numberRefusal(key: string, rule: Extract<OptionRule, { kind: 'number' }>): OptionCheck {
  if (rule.above !== undefined && rule.max !== undefined) {
    return refuse(OptionMessage.numberAboveAtMost(key, rule.above, rule.max), 'option_number_above_at_most', { key, min: rule.above, max: rule.max });
  }
  if (rule.above !== undefined) return refuse(OptionMessage.numberAbove(key, rule.above), 'option_number_above', { key, min: rule.above });
  if (rule.max !== undefined) {
    return refuse(OptionMessage.numberBetween(key, rule.min ?? 0, rule.max), 'option_number_between', { key, min: rule.min ?? 0, max: rule.max });
  }
  return refuse(OptionMessage.numberAtLeast(key, rule.min ?? 0), 'option_number_at_least', { key, min: rule.min ?? 0 });
}

/** Checks one value of option `key` against its rule; the accepted value is returned as stored. */
export function checkOptionText(key: string, value: string, rule: OptionRule): OptionCheck {
  switch (rule.kind) {
    case 'text':
      return { ok: true, value };
    case 'boolean':
      return value === 'true' || value === 'false' ? { ok: true, value } : refuse(OptionMessage.notBoolean(key), 'option_not_boolean', { key });
    case 'address':
      return { ok: true, value: baseAddress(value) };
    case 'addressRanges':
      return { ok: true, value: listEntries(value).join(',') };
    case 'choice':
      return rule.choices.includes(value)
        ? { ok: true, value }
        : refuse(OptionMessage.notChoice(key, rule.choices), 'option_not_choice', { key, choices: rule.choices.join(', ') });
    case 'json': {
      const problem = checkJsonOption(key, value, rule.shape);
      if (problem?.kind === 'syntax') return refuse(OptionMessage.notJson(rule.label ?? `${key} `), 'option_not_json', { key });
      if (problem) return refuse(problem.message);
      return { ok: true, value };
    }
    case 'integer': {
      const number = parseDecimal(value);
      if (number === undefined || !Number.isSafeInteger(number) || number < rule.min || number > (rule.max ?? Infinity)) {
        return rule.max === undefined
          ? refuse(OptionMessage.integerAtLeast(key, rule.min), 'option_integer_at_least', { key, min: rule.min })
          : refuse(OptionMessage.integerBetween(key, rule.min, rule.max), 'option_integer_between', { key, min: rule.min, max: rule.max });
      }
      return { ok: true, value: String(number) };
    }
    case 'number': {
      const number = parseDecimal(value);
      const fits =
        number !== undefined &&
        Number.isFinite(number) &&
        (rule.above === undefined || number > rule.above) &&
        (rule.min === undefined || number >= rule.min) &&
        (rule.max === undefined || number <= rule.max);
      return fits ? { ok: true, value: String(number) } : numberRefusal(key, rule);
    }
  }
}
