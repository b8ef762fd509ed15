import { readFileSync } from 'node:fs';
import path from 'node:path';
import { billingConfig, DEFAULT_BILLING_SETTINGS } from '@modelgate/billing';
import { loadConfig } from '@modelgate/runtime';
import { parse } from 'yaml';
import { APP_CHART, CI_VALUES, ensureHelm, find, type K8sObject, render, templateText } from './support/helm';
import { env, name, rendered } from './support/rendered';

// Billing's own settings as the chart hands them over: billing.<key> holds every setting of
// services/billing/src/config.ts under the same key and default, the billing Deployment receives
// each as its environment variable, and billing parses what it receives back to the values given.

beforeAll(() => ensureHelm(), 120_000);

const defaultValues = CI_VALUES.find((v) => v.name === 'default')?.file;
const keys = Object.keys(billingConfig) as Array<keyof typeof billingConfig>;

/** The settings billing would load from its rendered environment. */
function billingSettings(objects: readonly K8sObject[]): Record<string, unknown> {
  const vars = env(find(objects, 'Deployment', name('billing')));
  const plain: Record<string, string> = {};
  for (const [varName, entry] of vars) if (typeof entry.value === 'string') plain[varName] = entry.value;
  return { ...loadConfig(billingConfig, plain) };
}

describe('billing settings', () => {
  it("holds every setting of billing under billing's key and default", () => {
    const values = parse(readFileSync(path.join(APP_CHART, 'values.yaml'), 'utf8'));
    expect(Object.fromEntries(keys.map((key) => [key, values.billing[key]]))).toEqual(DEFAULT_BILLING_SETTINGS);
  });

  it('renders each as its environment variable of billing, which parses back to the defaults', () => {
    const objects = rendered('default');
    const vars = env(find(objects, 'Deployment', name('billing')));
    for (const field of Object.values(billingConfig)) {
      expect({ env: field.env, rendered: typeof vars.get(field.env)?.value }).toEqual({ env: field.env, rendered: 'string' });
    }
    expect(billingSettings(objects)).toEqual(DEFAULT_BILLING_SETTINGS);
  });

  it('passes an overridden sweep interval and TTL through to billing', () => {
    const objects = render(defaultValues, ['billing.reservationSweepIntervalSeconds=5', 'billing.reservationTtlSeconds=120']);
    expect(env(find(objects, 'Deployment', name('billing'))).get('RESERVATION_SWEEP_INTERVAL_SECONDS')?.value).toBe('5');
    expect(billingSettings(objects)).toEqual({ reservationTtlSeconds: 120, reservationSweepIntervalSeconds: 5 });
  });

  it.each([
    ['a zero sweep interval', 'billing.reservationSweepIntervalSeconds=0'],
    ['a fractional sweep interval', 'billing.reservationSweepIntervalSeconds=1.5'],
    ['a zero TTL', 'billing.reservationTtlSeconds=0'],
  ])('makes helm template fail on %s', (_what, set) => {
    const result = templateText(defaultValues, [set]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(set.split('=')[0]);
  });
});
