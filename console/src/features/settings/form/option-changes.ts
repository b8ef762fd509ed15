import { type OptionRule, optionSpec } from '@modelgate/contracts/options';
import i18n from '../../../i18n';
import type { OptionErrors, OptionField, OptionValues } from './option-fields';

/** The value a field would save: normalised, and JSON re-indented only if it was valid. */
function savedValue(field: OptionField, value: string): string {
  const trimmed = field.kind === 'textarea' || field.kind === 'json' ? value : value.trim();
  return field.normalise ? field.normalise(trimmed) : trimmed;
}

/**
 * JSON text as an editor shows it: indented by two spaces, one entry a line. Text that is not
 * valid JSON (or is empty) is shown as it is.
 */
export function prettyJson(text: string): string {
  if (text.trim() === '') return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** True when two JSON texts hold the same value (only layout differs); false if either is invalid. */
function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/** The numeric bounds of option `key` as the option registry's rule states them (the server's own). */
function numberBounds(key: string): { integer: boolean; min: number; max?: number; exclusiveMin: boolean } | undefined {
  const rule: OptionRule | undefined = optionSpec(key)?.rule;
  if (rule?.kind === 'integer') return { integer: true, min: rule.min, max: rule.max, exclusiveMin: false };
  if (rule?.kind === 'number') return { integer: false, min: rule.above ?? rule.min ?? 0, max: rule.max, exclusiveMin: rule.above !== undefined };
  return undefined;
}

/** The message for one field's value, or undefined when it may be saved. */
export function checkOption(field: OptionField, value: string): string | undefined {
  if (field.kind === 'json' && value.trim() !== '') {
    try {
      JSON.parse(value);
    } catch {
      return i18n.t('setting:messages.invalidJson');
    }
  }
  if (field.kind === 'number' && value.trim() !== '') {
    const number = Number(value);
    if (!Number.isFinite(number)) return i18n.t('setting:messages.notANumber');
    // The bounds the server enforces (the registry's rule), else the field's own minimum.
    const bounds = numberBounds(field.key);
    const min = bounds?.min ?? field.min;
    if (bounds?.integer && !Number.isInteger(number)) return i18n.t('setting:messages.notWhole');
    if (bounds?.exclusiveMin && number <= bounds.min) return i18n.t('setting:messages.mustExceed', { min: bounds.min });
    if (min !== undefined && number < min) return i18n.t('setting:messages.tooSmall', { min });
    if (bounds?.max !== undefined && number > bounds.max) return i18n.t('setting:messages.tooLarge', { max: bounds.max });
  }
  return field.validate?.(value);
}

export interface PlannedSave {
  changes: Array<{ key: string; value: string }>;
  errors: OptionErrors;
}

/**
 * What saving a section would send: one change per field whose value differs from the stored
 * one (secrets only when something was typed, since they are never shown), and the errors that
 * stop the save. Switches are saved on their own as they flip, so they are not part of it.
 */
export function planSave(fields: readonly OptionField[], stored: OptionValues, edited: OptionValues): PlannedSave {
  const changes: PlannedSave['changes'] = [];
  const errors: OptionErrors = {};
  for (const field of fields) {
    if (field.kind === 'switch') continue;
    const value = edited[field.key] ?? '';
    if (field.kind === 'secret' && value === '') continue;
    const next = savedValue(field, value);
    const before = stored[field.key] ?? '';
    if (field.kind !== 'secret' && (next === before || (field.kind === 'json' && sameJson(next, before)))) continue;
    const error = checkOption(field, next);
    if (error) errors[field.key] = error;
    else changes.push({ key: field.key, value: next });
  }
  return { changes, errors };
}

export type SaveOutcome = 'unchanged' | 'invalid' | 'saved' | 'partial' | 'failed';

/** Sends the changes one call per key, in order; answers how it went. */
export async function sendChanges(
  changes: ReadonlyArray<{ key: string; value: string }>,
  put: (change: { key: string; value: string }) => Promise<unknown>,
): Promise<{ outcome: SaveOutcome; failedKeys: string[] }> {
  if (changes.length === 0) return { outcome: 'unchanged', failedKeys: [] };
  const failedKeys: string[] = [];
  for (const change of changes) {
    try {
      await put(change);
    } catch {
      failedKeys.push(change.key);
    }
  }
  const outcome = failedKeys.length === 0 ? 'saved' : failedKeys.length === changes.length ? 'failed' : 'partial';
  return { outcome, failedKeys };
}
