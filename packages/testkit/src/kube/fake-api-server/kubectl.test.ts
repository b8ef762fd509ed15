/**
 * kubectl (1.32 on these machines) against the fake: apply, get with the CRD's printer columns,
 * wait for a condition (observedGeneration-aware), and the real Channel CRD from the chart.
 * Every kubectl run has `--request-timeout=5s` and a process timeout.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { useFakeApiServer } from './jest-lifecycle';
import { runKubectl } from './test-helpers';
import { exampleWidgetCrd, widgetGroup as group, widgetPlural as plural, widgetVersion as version } from './widget-crd.fixture';

jest.setTimeout(60_000);

const fake = useFakeApiServer({ crds: [exampleWidgetCrd()] });
const channelCrdPath = resolve(__dirname, '../../../../../charts/modelgate-crds/templates/channels.modelgate.dev.yaml');
let workDir: string;
let kubeconfig: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'modelgate-kubectl-test-'));
  kubeconfig = fake().writeKubeconfig();
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function manifest(name: string, yaml: string): string {
  const path = join(workDir, name);
  writeFileSync(path, yaml);
  return path;
}

function widgetYaml(name: string, size: number, color = 'blue'): string {
  return `apiVersion: ${group}/${version}\nkind: Widget\nmetadata:\n  name: ${name}\nspec:\n  size: ${size}\n  color: ${color}\n`;
}

/** Sets the Ready condition through the status subresource, as an operator would. */
async function setReady(name: string, observedGeneration: number): Promise<void> {
  const response = await fetch(`${fake().url}/apis/${group}/${version}/namespaces/default/${plural}/${name}/status`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/merge-patch+json' },
    body: JSON.stringify({
      status: { conditions: [{ type: 'Ready', status: 'True', reason: 'Reconciled', message: 'ok', observedGeneration, lastTransitionTime: '2025-01-01T00:00:00Z' }] },
    }),
  });
  expect(response.status).toBe(200);
}

describe('kubectl against the fake API server', () => {
  test('apply creates, re-apply configures, then reports unchanged', async () => {
    const file = manifest('w1.yaml', widgetYaml('w1', 3));
    const created = await runKubectl(kubeconfig, ['apply', '-f', file]);
    expect(created).toMatchObject({ exitCode: 0, stdout: 'widget.test.modelgate.dev/w1 created\n' });
    writeFileSync(file, widgetYaml('w1', 4));
    expect((await runKubectl(kubeconfig, ['apply', '-f', file])).stdout).toBe('widget.test.modelgate.dev/w1 configured\n');
    expect((await runKubectl(kubeconfig, ['apply', '-f', file])).stdout).toBe('widget.test.modelgate.dev/w1 unchanged\n');
    expect(fake().getObject({ group, plural, namespace: 'default', name: 'w1' })).toMatchObject({ spec: { size: 4 }, metadata: { generation: 2 } });
    expect(fake().requests.count({ verb: 'patch', resource: plural, name: 'w1' })).toBe(1);
  });

  test('get prints the printer columns; -o wide adds the priority-1 columns; short names work', async () => {
    await runKubectl(kubeconfig, ['apply', '-f', manifest('w2.yaml', widgetYaml('w2', 7, 'red'))]);
    const narrow = await runKubectl(kubeconfig, ['get', plural]);
    expect(narrow.exitCode).toBe(0);
    const [header, ...rows] = narrow.stdout.trim().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['NAME', 'SIZE', 'READY', 'AGE']);
    expect(rows.find((row) => row.startsWith('w2'))).toMatch(/^w2\s+7\s+\d+s$/);

    const wide = await runKubectl(kubeconfig, ['get', 'wdg', '-o', 'wide']);
    expect(wide.stdout.split('\n')[0]!.split(/\s{2,}/)).toEqual(['NAME', 'SIZE', 'READY', 'COLOR', 'AGE']);
    expect(wide.stdout).toMatch(/w2\s+7\s+red\s+\d+s/);
  });

  test('wait --for=condition=Ready returns once the condition is set for the current generation', async () => {
    await runKubectl(kubeconfig, ['apply', '-f', manifest('w3.yaml', widgetYaml('w3', 1))]);
    const waiting = runKubectl(kubeconfig, ['wait', '--for=condition=Ready', `${plural}/w3`, '--timeout=15s'], { timeoutMs: 25_000 });
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 500));
    await setReady('w3', 1);
    const result = await waiting;
    expect(result).toMatchObject({ exitCode: 0, stdout: 'widget.test.modelgate.dev/w3 condition met\n' });

    const printed = await runKubectl(kubeconfig, ['get', plural, 'w3']);
    expect(printed.stdout).toMatch(/w3\s+1\s+True\s+\d+s/);
  });

  test('wait ignores a Ready condition that refers to an older generation', async () => {
    await runKubectl(kubeconfig, ['apply', '-f', manifest('w4.yaml', widgetYaml('w4', 1))]);
    await runKubectl(kubeconfig, ['apply', '-f', manifest('w4.yaml', widgetYaml('w4', 2))]);
    await setReady('w4', 1);
    const stale = await runKubectl(kubeconfig, ['wait', '--for=condition=Ready', `${plural}/w4`, '--timeout=2s']);
    expect(stale.exitCode).not.toBe(0);
    expect(stale.stderr).toContain('timed out');
  });

  test('the chart’s Channel CRD can be applied and serves Channels with its printer columns', async () => {
    expect(readFileSync(channelCrdPath, 'utf8')).toContain('kind: CustomResourceDefinition');
    const applied = await runKubectl(kubeconfig, ['apply', '-f', channelCrdPath]);
    expect(applied).toMatchObject({ exitCode: 0, stdout: 'customresourcedefinition.apiextensions.k8s.io/channels.modelgate.dev created\n' });
    const channel = manifest(
      'channel.yaml',
      [
        'apiVersion: modelgate.dev/v1alpha1',
        'kind: Channel',
        'metadata:',
        '  name: openai-main',
        'spec:',
        '  type: openai',
        '  models: [gpt-4o, gpt-4o-mini]',
        '  apiKeySecretRef: {name: openai-key}',
        '',
      ].join('\n'),
    );
    const created = await runKubectl(kubeconfig, ['apply', '-f', channel]);
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe('channel.modelgate.dev/openai-main created\n');
    const listed = await runKubectl(kubeconfig, ['get', 'channels', '-o', 'wide']);
    const header = listed.stdout.split('\n')[0]!.split(/\s{2,}/);
    expect(header[0]).toBe('NAME');
    expect(header).toEqual(expect.arrayContaining(['TYPE', 'READY', 'AGE']));
    expect(listed.stdout).toMatch(/openai-main\s+openai/);
  });
});
