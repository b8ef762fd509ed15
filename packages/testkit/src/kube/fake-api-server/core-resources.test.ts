/**
 * Built-in kinds through the real client: Secrets (CoreV1Api), Leases with optimistic concurrency
 * (CoordinationV1Api), Events, Namespaces.
 */
import { CoordinationV1Api, CoreV1Api, KubeConfig, type V1Lease } from '@kubernetes/client-node';
import { useFakeApiServer } from './jest-lifecycle';
import { apiFailureOf } from './test-helpers';

const fake = useFakeApiServer();

function config(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions(fake().kubeConfigOptions());
  return kc;
}

describe('built-in resources on the fake API server', () => {
  test('Secrets: stringData is stored as base64 data, type defaults to Opaque, list by label', async () => {
    const core = config().makeApiClient(CoreV1Api);
    await core.createNamespacedSecret({
      namespace: 'default',
      body: { metadata: { name: 'openai-key', labels: { 'modelgate.dev/channel-key': 'true' } }, stringData: { apiKey: 'sk-test' } },
    });
    await core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'other' }, data: { x: 'eA==' } } });
    const secret = await core.readNamespacedSecret({ name: 'openai-key', namespace: 'default' });
    expect(secret.type).toBe('Opaque');
    expect(secret.stringData).toBeUndefined();
    expect(Buffer.from(secret.data!.apiKey!, 'base64').toString()).toBe('sk-test');
    const labelled = await core.listNamespacedSecret({ namespace: 'default', labelSelector: 'modelgate.dev/channel-key=true' });
    expect(labelled.items.map((item) => item.metadata!.name)).toEqual(['openai-key']);
    const all = await core.listSecretForAllNamespaces();
    expect(all.items).toHaveLength(2);
    await core.deleteNamespacedSecret({ name: 'other', namespace: 'default' });
    expect((await apiFailureOf(core.readNamespacedSecret({ name: 'other', namespace: 'default' }))).code).toBe(404);
  });

  test('Leases: a second create answers 409, renew bumps the resourceVersion, a stale replace answers 409', async () => {
    const leases = config().makeApiClient(CoordinationV1Api);
    const lease: V1Lease = {
      metadata: { name: 'modelgate-operator', namespace: 'kube-system' },
      spec: { holderIdentity: 'pod-a', leaseDurationSeconds: 15, renewTime: new Date(), acquireTime: new Date(), leaseTransitions: 0 },
    };
    const created = await leases.createNamespacedLease({ namespace: 'kube-system', body: lease });
    expect((await apiFailureOf(leases.createNamespacedLease({ namespace: 'kube-system', body: lease }))).code).toBe(409);

    const renewed = await leases.replaceNamespacedLease({
      name: 'modelgate-operator', namespace: 'kube-system',
      body: { ...created, spec: { ...created.spec, renewTime: new Date(Date.now() + 2000) } },
    });
    expect(renewed.metadata!.resourceVersion).not.toBe(created.metadata!.resourceVersion);
    expect(renewed.spec!.holderIdentity).toBe('pod-a');

    const steal = await apiFailureOf(leases.replaceNamespacedLease({
      name: 'modelgate-operator', namespace: 'kube-system',
      body: { ...created, spec: { ...created.spec, holderIdentity: 'pod-b', leaseTransitions: 1 } },
    }));
    expect(steal.code).toBe(409);
    expect(steal.status.reason).toBe('Conflict');
    const current = await leases.readNamespacedLease({ name: 'modelgate-operator', namespace: 'kube-system' });
    expect(current.spec!.holderIdentity).toBe('pod-a');
  });

  test('Events can be created; Namespaces list includes the defaults and namespaces created on first use', async () => {
    const core = config().makeApiClient(CoreV1Api);
    const event = await core.createNamespacedEvent({
      namespace: 'apps',
      body: {
        metadata: { generateName: 'widget-' },
        involvedObject: { kind: 'Widget', name: 'w1', namespace: 'apps' },
        reason: 'Reconciled',
        message: 'ok',
        type: 'Normal',
      },
    });
    expect(event.metadata!.name).toMatch(/^widget-/);
    const namespaces = await core.listNamespace();
    expect(namespaces.items.map((item) => item.metadata!.name)).toEqual(expect.arrayContaining(['default', 'kube-system', 'apps']));
    const apps = await core.readNamespace({ name: 'apps' });
    expect(apps.status!.phase).toBe('Active');
  });
});
