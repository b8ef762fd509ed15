import { optionSpec } from '@modelgate/contracts/options';
import type { TFunction } from 'i18next';
import * as operation from '../operation/operation-fields';
import { channelQueueFields, rateLimitFields } from '../ratelimit/RateLimitTab';
import * as system from '../system/system-fields';
import type { OptionField } from './option-fields';

/** A translation function that answers the key, enough to build the field lists. */
const t = ((key: string) => key) as unknown as TFunction<'setting'>;

const fieldLists: Record<string, OptionField[]> = {
  ...Object.fromEntries(
    Object.entries(operation)
      .filter(([name, value]) => name.endsWith('Fields') && typeof value === 'function')
      .map(([name, build]) => [`operation.${name}`, (build as (t: TFunction<'setting'>, quotaPerUnit: number) => OptionField[])(t, 500_000)]),
  ),
  ...Object.fromEntries(
    Object.entries(system)
      .filter(([name, value]) => name.endsWith('Fields') && typeof value === 'function')
      .map(([name, build]) => [`system.${name}`, (build as (t: TFunction<'setting'>) => OptionField[])(t)]),
  ),
  rateLimitFields: rateLimitFields(t),
  channelQueueFields: channelQueueFields(t),
};

describe('settings fields and the option registry', () => {
  const fields = Object.entries(fieldLists).flatMap(([list, items]) => items.map((field) => ({ list, field })));

  it('covers the field lists of every tab', () => {
    expect(Object.keys(fieldLists).length).toBeGreaterThan(20);
  });

  it('declares only options the registry knows', () => {
    expect(fields.filter(({ field }) => optionSpec(field.key) === undefined).map(({ list, field }) => `${list}: ${field.key}`)).toEqual([]);
  });

  it('shows switches only for on/off options and numbers only for numeric ones', () => {
    const mismatched = fields.filter(({ field }) => {
      const kind = optionSpec(field.key)?.rule.kind;
      if (field.kind === 'switch') return kind !== 'boolean';
      if (field.kind === 'number') return kind !== 'integer' && kind !== 'number';
      return false;
    });
    expect(mismatched.map(({ list, field }) => `${list}: ${field.key}`)).toEqual([]);
  });

  it('never shows a registry secret as plain text', () => {
    const shown = fields.filter(({ field }) => optionSpec(field.key)?.secret && field.kind !== 'secret');
    expect(shown.map(({ list, field }) => `${list}: ${field.key}`)).toEqual([]);
  });
});
