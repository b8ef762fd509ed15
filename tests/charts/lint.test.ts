import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_CHART, CI_VALUES, ensureHelm, helm, templateText } from './support/helm';

// helm lint --strict for every CI values file, and the ways a bad configuration is refused before
// anything reaches a cluster: the values schema and the chart's own guards.

beforeAll(() => ensureHelm(), 120_000);

const base = CI_VALUES.find((v) => v.name === 'default')?.file;

function refusal(sets: readonly string[], valuesFile: string | undefined = base): string {
  const result = templateText(valuesFile, sets);
  expect(result.status).not.toBe(0);
  return result.stderr;
}

describe('helm lint --strict', () => {
  it('covers the four CI values files', () => {
    expect(CI_VALUES.map((v) => v.name)).toEqual(['default', 'ha', 'namespaced', 'with-channels']);
  });

  it.each(CI_VALUES)('passes with ci/$name-values.yaml', ({ file }) => {
    const result = helm(['lint', '--strict', APP_CHART, '-f', file]);
    expect(result.stderr + result.stdout).toContain('0 chart(s) failed');
    expect(result.status).toBe(0);
  });
});

describe('the values schema', () => {
  it('is strict at the top level and in every component', () => {
    const schema = JSON.parse(readFileSync(path.join(APP_CHART, 'values.schema.json'), 'utf8'));
    expect(schema.additionalProperties).toBe(false);
    for (const component of ['edge', 'relay', 'identity', 'billing', 'task', 'operator', 'migrations', 'ingress']) {
      expect({ component, strict: schema.properties[component].additionalProperties }).toEqual({ component, strict: false });
    }
  });

  it.each([
    ['an unknown top-level value', ['replicas=3'], 'Additional property replicas'],
    ['a typo inside a component', ['relay.replica=3'], 'Additional property replica'],
    ['a negative replica count', ['edge.replicaCount=-1'], 'edge.replicaCount'],
    ['an unknown log level', ['logLevel=verbose'], 'logLevel'],
    ['a database URL of another scheme', ['database.url=mysql://db/modelgate'], 'database.url'],
    ['an unknown service type', ['relay.service.type=ExternalName'], 'relay.service.type'],
    ['a Channel with an inline key', ['channels[0].name=a', 'channels[0].spec.type=openai', 'channels[0].spec.models[0]=m', 'channels[0].spec.apiKeySecretRef.name=k', 'channels[0].spec.apiKey=sk-secret'], 'channels.0.spec'],
    ['a Channel without a key reference', ['channels[0].name=a', 'channels[0].spec.type=openai', 'channels[0].spec.models[0]=m'], 'apiKeySecretRef'],
  ])('makes helm template fail on %s', (_what, sets, message) => {
    expect(refusal(sets)).toContain(message);
  });
});

describe('the chart guards', () => {
  it('needs a PostgreSQL and a NATS', () => {
    const bare = templateText(undefined);
    expect(bare.status).not.toBe(0);
    expect(bare.stderr).toContain('set database.url or database.existingSecret');
    const noNats = templateText(undefined, ['database.url=postgres://db/modelgate']);
    expect(noNats.status).not.toBe(0);
    expect(noNats.stderr).toContain('set nats.url or nats.existingSecret');
  });

  it('refuses several operators without leader election', () => {
    expect(refusal(['operator.replicaCount=2', 'operator.leaderElection.enabled=false'])).toContain(
      'operator.replicaCount > 1 requires operator.leaderElection.enabled=true',
    );
  });

  it('refuses a Channel in a namespace the operator does not watch', () => {
    const sets = ['operator.watchNamespaces={team-a}', 'channels[0].name=a', 'channels[0].namespace=team-b', 'channels[0].spec.type=openai', 'channels[0].spec.models[0]=m', 'channels[0].spec.apiKeySecretRef.name=k'];
    expect(refusal(sets)).toContain('channel a is in namespace team-b, which operator.watchNamespaces does not list');
  });
});
