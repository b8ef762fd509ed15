/**
 * What a user sees with kubectl (1.32) against the fake API server while the operator runs:
 * `apply` a Secret and a Channel, `wait --for=condition=Ready`, `get channels` with the CRD's
 * printer columns showing the channel row's id.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowOf, useOperatorStack } from '@modelgate/testkit/operator';
import { runKubectl } from '@modelgate/testkit/kube';

jest.setTimeout(60_000);

const stack = useOperatorStack();
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'modelgate-operator-kubectl-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

const manifest = `apiVersion: v1
kind: Secret
metadata:
  name: openai-key
  namespace: default
stringData:
  apiKey: sk-from-kubectl
---
apiVersion: modelgate.dev/v1alpha1
kind: Channel
metadata:
  name: openai-main
  namespace: default
spec:
  type: openai
  models: [gpt-4o, gpt-4o-mini]
  priority: 10
  weight: 3
  apiKeySecretRef: {name: openai-key}
`;

describe('kubectl with the operator running', () => {
  test('apply, wait for Ready, get shows the printer columns with the channel id', async () => {
    await stack.startOperator();
    const kubeconfig = stack.fake().writeKubeconfig();
    const file = join(workDir, 'channel.yaml');
    writeFileSync(file, manifest);
    const applied = await runKubectl(kubeconfig, ['apply', '-f', file]);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toContain('channel.modelgate.dev/openai-main created');

    const waited = await runKubectl(kubeconfig, ['wait', '--for=condition=Ready', 'channels/openai-main', '--timeout=20s'], { timeoutMs: 30_000 });
    expect(waited).toMatchObject({ exitCode: 0, stdout: 'channel.modelgate.dev/openai-main condition met\n' });
    const row = await rowOf(stack, 'default', 'openai-main');
    expect(row?.key).toBe('sk-from-kubectl');

    const listed = await runKubectl(kubeconfig, ['get', 'channels']);
    const [header, line] = listed.stdout.trim().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['NAME', 'TYPE', 'PRIORITY', 'WEIGHT', 'MODELS', 'ID', 'READY', 'AGE']);
    expect(line).toMatch(new RegExp(`^openai-main\\s+openai\\s+10\\s+3\\s+2\\s+${row!.id}\\s+True\\s+\\d+s$`));

    const wide = await runKubectl(kubeconfig, ['get', 'mgch', '-o', 'wide']);
    expect(wide.stdout.split('\n')[0]).toMatch(/REASON\s+STATE\s+RESPONSE\(MS\)/);
    expect(wide.stdout).toMatch(/Synced\s+Enabled\s+0/);
  });
});
