/**
 * Kubeconfig for the fake: a file kubectl and `KubeConfig.loadFromFile` read, or the options object
 * for `KubeConfig.loadFromOptions`. The cluster entry sets `insecure-skip-tls-verify`, without
 * which client-node refuses a plain `http://` server.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Names used inside the generated kubeconfig. */
export const fakeContextName = 'modelgate-fake';

/** The kubeconfig document (kubectl's YAML schema, written as JSON, which YAML readers accept). */
export function kubeconfigDocument(serverUrl: string, namespace = 'default'): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: fakeContextName, cluster: { server: serverUrl, 'insecure-skip-tls-verify': true } }],
    users: [{ name: fakeContextName, user: { token: 'fake-token' } }],
    contexts: [{ name: fakeContextName, context: { cluster: fakeContextName, user: fakeContextName, namespace } }],
    'current-context': fakeContextName,
    preferences: {},
  };
}

/** The same configuration in the shape `KubeConfig.loadFromOptions` takes. */
export function kubeConfigOptions(serverUrl: string, namespace = 'default') {
  return {
    clusters: [{ name: fakeContextName, server: serverUrl, skipTLSVerify: true }],
    users: [{ name: fakeContextName, token: 'fake-token' }],
    contexts: [{ name: fakeContextName, cluster: fakeContextName, user: fakeContextName, namespace }],
    currentContext: fakeContextName,
  };
}

/** Writes the kubeconfig to `path`, or to a new temporary directory; returns the file path. */
export function writeKubeconfigFile(serverUrl: string, options: { path?: string; namespace?: string } = {}): string {
  const path = options.path ?? join(mkdtempSync(join(tmpdir(), 'modelgate-fake-kube-')), 'kubeconfig');
  writeFileSync(path, `${JSON.stringify(kubeconfigDocument(serverUrl, options.namespace), null, 2)}\n`, { mode: 0o600 });
  return path;
}
