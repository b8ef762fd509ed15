/**
 * Fault injection and the request log, exercised through the real client.
 */
import { CustomObjectsApi, KubeConfig, makeInformer, PatchStrategy, setHeaderOptions, type KubernetesObject, type ListPromise } from '@kubernetes/client-node';
import { useFakeApiServer } from './jest-lifecycle';
import { apiFailureOf, waitFor } from './test-helpers';
import { exampleWidgetCrd, widgetGroup as group, widgetPlural as plural, widgetVersion as version } from './widget-crd.fixture';

const fake = useFakeApiServer({ crds: [exampleWidgetCrd()] });
const namespace = 'faults';

function config(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions(fake().kubeConfigOptions());
  return kc;
}

function widget(name: string) {
  return { apiVersion: `${group}/${version}`, kind: 'Widget', metadata: { name }, spec: { size: 1 } };
}

beforeAll(async () => {
  await config().makeApiClient(CustomObjectsApi).createNamespacedCustomObject({ group, version, namespace, plural, body: widget('target') });
});

afterEach(() => {
  fake().faults.clear();
  fake().requests.clear();
});

describe('fault injection', () => {
  test('the next N matching requests answer the injected status, then requests succeed again', async () => {
    const api = config().makeApiClient(CustomObjectsApi);
    const fault = fake().faults.failNext({ verb: 'get', resource: plural, name: 'target' }, { status: 500, message: 'etcd is sad' }, 2);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failure = await apiFailureOf(api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'target' }));
      expect(failure.code).toBe(500);
      expect(failure.status).toMatchObject({ kind: 'Status', reason: 'InternalError', message: 'etcd is sad', code: 500 });
    }
    expect(fault.remaining()).toBe(0);
    await expect(api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'target' })).resolves.toMatchObject({ metadata: { name: 'target' } });
    expect(fake().requests.count({ verb: 'get', injectedFault: true })).toBe(2);
    expect(fake().requests.count({ verb: 'get', injectedFault: false, status: 200 })).toBe(1);
  });

  test('429 carries Retry-After; rules can match by path pattern and be cancelled', async () => {
    fake().faults.inject({ path: /\/widgets\/target$/, method: 'GET', respond: { status: 429, retryAfterSeconds: 3 } });
    const response = await fetch(`${fake().url}/apis/${group}/${version}/namespaces/${namespace}/${plural}/target`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toMatchObject({ reason: 'TooManyRequests', details: { retryAfterSeconds: 3 } });

    const cancelled = fake().faults.failNext({ verb: 'list' }, { status: 503 }, Infinity);
    cancelled.cancel();
    expect((await fetch(`${fake().url}/apis/${group}/${version}/${plural}`)).status).toBe(200);
  });

  test('drop-connection breaks the request without an answer', async () => {
    const api = config().makeApiClient(CustomObjectsApi);
    fake().faults.failNext({ verb: 'get', resource: plural }, 'drop-connection');
    await expect(api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'target' })).rejects.toThrow();
    expect(fake().requests.find({ verb: 'get' })[0]).toMatchObject({ status: 0, injectedFault: true });
  });

  test('hold parks a request until released, then serves it normally; delayMs slows an answer', async () => {
    const held = fake().faults.inject({ verb: 'get', resource: plural, respond: 'hold' });
    const pending = fetch(`${fake().url}/apis/${group}/${version}/namespaces/${namespace}/${plural}/target`);
    await waitFor(() => held.used() === 1, 2000, 'held request');
    expect(fake().releaseHeldRequests()).toBe(1);
    expect((await pending).status).toBe(200);

    fake().faults.inject({ verb: 'get', resource: plural, respond: { status: 504 }, delayMs: 150 });
    const started = Date.now();
    expect((await fetch(`${fake().url}/apis/${group}/${version}/namespaces/${namespace}/${plural}/target`)).status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  test('an injected 500 on the watch makes a client-node 1.4.0 informer emit error and stop', async () => {
    const kc = config();
    const api = kc.makeApiClient(CustomObjectsApi);
    const list = (() => api.listNamespacedCustomObject({ group, version, namespace, plural })) as unknown as ListPromise<KubernetesObject>;
    const informer = makeInformer(kc, `/apis/${group}/${version}/namespaces/${namespace}/${plural}`, list);
    const errors: unknown[] = [];
    informer.on('error', (error) => errors.push(error));
    fake().faults.failNext({ verb: 'watch', resource: plural }, { status: 500 });
    await informer.start();
    await waitFor(() => errors.length === 1, 3000, 'informer error');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake().requests.count({ verb: 'watch' })).toBe(1);
    expect((errors[0] as { statusCode?: number }).statusCode).toBe(500);
    await informer.stop();
  });
});

describe('request log', () => {
  test('records verb, subresource, content type and body; a no-op status write produces no event', async () => {
    const api = config().makeApiClient(CustomObjectsApi);
    const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
    const first = await api.patchNamespacedCustomObjectStatus({ group, version, namespace, plural, name: 'target', body: { status: { phase: 'Ready' } } }, mergePatch);
    const second = await api.patchNamespacedCustomObjectStatus({ group, version, namespace, plural, name: 'target', body: { status: { phase: 'Ready' } } }, mergePatch);
    expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);

    const statusWrites = fake().requests.find({ verb: 'patch', subresource: 'status' });
    expect(statusWrites).toHaveLength(2);
    expect(statusWrites[0]).toMatchObject({
      method: 'PATCH',
      resource: plural,
      namespace,
      name: 'target',
      contentType: 'application/merge-patch+json',
      body: { status: { phase: 'Ready' } },
      status: 200,
    });
    expect(fake().requests.count({ verb: 'patch', subresource: '' })).toBe(0);
  });
});
