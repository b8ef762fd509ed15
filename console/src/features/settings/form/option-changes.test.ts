import i18n from '../../../i18n';
import { planSave, prettyJson, sendChanges } from './option-changes';
import type { OptionField } from './option-fields';

const fields: OptionField[] = [
  { key: 'SystemName', kind: 'text', label: 'Name' },
  { key: 'ModelRatio', kind: 'json', label: 'Ratios' },
  { key: 'QuotaForNewUser', kind: 'number', label: 'New user quota', min: 0 },
  { key: 'SMTPToken', kind: 'secret', label: 'SMTP token' },
  { key: 'ServerAddress', kind: 'text', label: 'Address', normalise: (value) => value.replace(/\/+$/, '') },
  { key: 'RegisterEnabled', kind: 'switch', label: 'Registration' },
];
const stored = { SystemName: 'Modelgate', ModelRatio: '{}', QuotaForNewUser: '0', ServerAddress: 'https://a.example', RegisterEnabled: 'true' };

beforeAll(() => i18n.changeLanguage('en'));

describe('planning a settings save', () => {
  it('sends only the keys whose value changed, normalised, and never switches or empty secrets', () => {
    const plan = planSave(fields, stored, { ...stored, SystemName: ' Gateway ', ServerAddress: 'https://a.example/', SMTPToken: '', RegisterEnabled: 'false' });
    expect(plan.errors).toEqual({});
    expect(plan.changes).toEqual([{ key: 'SystemName', value: 'Gateway' }]);
  });

  it('shows JSON indented, and saves it only when its value changed, not its layout', () => {
    const minified = '{"gpt-4o":1.25,"claude-3":{"a":[1,2]}}';
    expect(prettyJson(minified)).toBe('{\n  "gpt-4o": 1.25,\n  "claude-3": {\n    "a": [\n      1,\n      2\n    ]\n  }\n}');
    expect(prettyJson('{"a":')).toBe('{"a":');
    expect(prettyJson('')).toBe('');
    const withRatios = { ...stored, ModelRatio: minified };
    expect(planSave(fields, withRatios, { ...withRatios, ModelRatio: prettyJson(minified) }).changes).toEqual([]);
    const edited = prettyJson('{"gpt-4o":2,"claude-3":{"a":[1,2]}}');
    expect(planSave(fields, withRatios, { ...withRatios, ModelRatio: edited }).changes).toEqual([{ key: 'ModelRatio', value: edited }]);
  });

  it('sends a typed secret even though the stored one is never shown', () => {
    expect(planSave(fields, stored, { ...stored, SMTPToken: 'hunter2' }).changes).toEqual([{ key: 'SMTPToken', value: 'hunter2' }]);
  });

  it('stops on invalid JSON and numbers below their minimum, naming the field', () => {
    const plan = planSave(fields, stored, { ...stored, ModelRatio: '{"a":', QuotaForNewUser: '-5' });
    expect(plan.errors).toEqual({ ModelRatio: 'Not valid JSON', QuotaForNewUser: 'Must not be less than 0' });
    expect(plan.changes).toEqual([]);
    expect(planSave(fields, stored, { ...stored, QuotaForNewUser: 'lots' }).errors).toEqual({ QuotaForNewUser: 'Please enter a number' });
  });

  it('holds numbers to the bounds the server enforces: whole, at most the maximum', () => {
    const retry: OptionField[] = [{ key: 'RetryTimes', kind: 'number', label: 'Retries', min: 0 }, ...fields];
    const at = (values: Record<string, string>) => planSave(retry, stored, { ...stored, ...values }).errors;
    expect(at({ RetryTimes: '99999999999' })).toEqual({ RetryTimes: 'Must not be greater than 10' });
    expect(at({ RetryTimes: '2.5' })).toEqual({ RetryTimes: 'Please enter a whole number' });
    expect(at({ RetryTimes: '10' })).toEqual({});
    expect(at({ QuotaForNewUser: '99999999999999999999' })).toEqual({ QuotaForNewUser: 'Must not be greater than 1000000000000000' });
  });
});

describe('sending a settings save', () => {
  it('makes one call per changed key and tells apart saved, partial and failed', async () => {
    const sent: string[] = [];
    const put = async (change: { key: string }) => {
      sent.push(change.key);
      if (change.key === 'B') throw new Error('refused');
    };
    expect(await sendChanges([], put)).toEqual({ outcome: 'unchanged', failedKeys: [] });
    expect(await sendChanges([{ key: 'A', value: '1' }], put)).toEqual({ outcome: 'saved', failedKeys: [] });
    expect(await sendChanges([{ key: 'A', value: '1' }, { key: 'B', value: '2' }], put)).toEqual({ outcome: 'partial', failedKeys: ['B'] });
    expect(await sendChanges([{ key: 'B', value: '2' }], put)).toEqual({ outcome: 'failed', failedKeys: ['B'] });
    expect(sent).toEqual(['A', 'A', 'B', 'B']);
  });
});
