import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_PLANE_SETTINGS, relayDataPlaneConfig } from '@modelgate/relay';
import { loadConfig } from '@modelgate/runtime';
import { parse } from 'yaml';
import { APP_CHART, CI_VALUES, ensureHelm, find, type K8sObject, render, templateText } from './support/helm';
import { env, name, rendered } from './support/rendered';

// The relay's data-plane settings as the chart hands them over: relay.settings holds every setting
// of services/relay/src/config.ts under the same key and default, the relay Deployment receives
// each as its environment variable, and the relay parses what it receives back to the values given.

beforeAll(() => ensureHelm(), 120_000);

const defaultValues = CI_VALUES.find((v) => v.name === 'default')?.file;

/** The data-plane settings the relay would load from its rendered environment. */
function relaySettings(objects: readonly K8sObject[]): Record<string, unknown> {
  const vars = env(find(objects, 'Deployment', name('relay')));
  const plain: Record<string, string> = {};
  for (const [varName, entry] of vars) if (typeof entry.value === 'string') plain[varName] = entry.value;
  return { ...loadConfig(relayDataPlaneConfig, plain) };
}

describe('relay.settings', () => {
  it("holds every data-plane setting of the relay under the relay's key and default", () => {
    const values = parse(readFileSync(path.join(APP_CHART, 'values.yaml'), 'utf8'));
    expect(Object.keys(values.relay.settings).sort()).toEqual(Object.keys(relayDataPlaneConfig).sort());
    expect(values.relay.settings).toEqual(DEFAULT_DATA_PLANE_SETTINGS);
  });

  it('renders each as its environment variable of the relay, which parses back to the defaults', () => {
    const objects = rendered('default');
    const vars = env(find(objects, 'Deployment', name('relay')));
    for (const field of Object.values(relayDataPlaneConfig)) {
      expect({ env: field.env, rendered: typeof vars.get(field.env)?.value }).toEqual({ env: field.env, rendered: 'string' });
    }
    expect(relaySettings(objects)).toEqual(DEFAULT_DATA_PLANE_SETTINGS);
  });

  it('passes overridden body limits and the body budget through to the relay', () => {
    const overrides = {
      maxRequestBodyMb: 48,
      maxChatBodyMb: 24,
      maxJsonBodyMb: 4,
      largeBodyKb: 512,
      largeBodiesPerToken: 2,
      requestBodyBudgetMb: 64,
    };
    const objects = render(
      defaultValues,
      Object.entries(overrides).map(([key, value]) => `relay.settings.${key}=${value}`),
    );
    const vars = env(find(objects, 'Deployment', name('relay')));
    expect(vars.get('MAX_CHAT_BODY_MB')?.value).toBe('24');
    expect(vars.get('REQUEST_BODY_BUDGET_MB')?.value).toBe('64');
    expect(relaySettings(objects)).toEqual({ ...DEFAULT_DATA_PLANE_SETTINGS, ...overrides });
  });

  it.each([
    ['a zero chat body limit', 'relay.settings.maxChatBodyMb=0', 'relay.settings.maxChatBodyMb'],
    ['a zero JSON body limit', 'relay.settings.maxJsonBodyMb=0', 'relay.settings.maxJsonBodyMb'],
    ['a zero large-body threshold', 'relay.settings.largeBodyKb=0', 'relay.settings.largeBodyKb'],
    ['no large bodies per token', 'relay.settings.largeBodiesPerToken=0', 'relay.settings.largeBodiesPerToken'],
    ['a negative body budget', 'relay.settings.requestBodyBudgetMb=-1', 'relay.settings.requestBodyBudgetMb'],
    ['a fractional body budget', 'relay.settings.requestBodyBudgetMb=1.5', 'relay.settings.requestBodyBudgetMb'],
  ])('makes helm template fail on %s', (_what, set, message) => {
    const result = templateText(defaultValues, [set]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});
