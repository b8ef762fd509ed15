/**
 * client-node's informer (`makeInformer` → `ListWatch`) against the fake: events, recovery from an
 * expired resourceVersion (410 → relist) and from dropped or closed watches.
 */
import { CustomObjectsApi, KubeConfig, makeInformer, type Informer, type KubernetesObject, type ListPromise, type ObjectCache } from '@kubernetes/client-node';
import type { FakeApiServer } from './fake-api-server';
import { useFakeApiServer } from './jest-lifecycle';
import { waitFor } from './test-helpers';
import { exampleWidgetCrd, widgetGroup as group, widgetPlural as plural, widgetVersion as version } from './widget-crd.fixture';

const fake = useFakeApiServer({ crds: [exampleWidgetCrd()], bookmarkIntervalMs: 60_000 });
const path = `/apis/${group}/${version}/namespaces/{ns}/${plural}`;

interface Recorder {
  informer: Informer<KubernetesObject> & ObjectCache<KubernetesObject>;
  events: string[];
  errors: unknown[];
  api: CustomObjectsApi;
}

const started: Recorder[] = [];

/** Starts an informer on one namespace and records `type:name` for every callback. */
async function startInformer(server: FakeApiServer, namespace: string): Promise<Recorder> {
  const kc = new KubeConfig();
  kc.loadFromOptions(server.kubeConfigOptions());
  const api = kc.makeApiClient(CustomObjectsApi);
  const list = (() => api.listNamespacedCustomObject({ group, version, namespace, plural })) as unknown as ListPromise<KubernetesObject>;
  const informer = makeInformer(kc, path.replace('{ns}', namespace), list);
  const recorder: Recorder = { informer, events: [], errors: [], api };
  for (const type of ['add', 'update', 'delete'] as const) {
    informer.on(type, (object) => recorder.events.push(`${type}:${object.metadata!.name}`));
  }
  informer.on('error', (error) => recorder.errors.push(error));
  await informer.start();
  started.push(recorder);
  return recorder;
}

function widget(name: string, size = 1) {
  return { apiVersion: `${group}/${version}`, kind: 'Widget', metadata: { name }, spec: { size } };
}

afterEach(async () => {
  for (const recorder of started.splice(0)) await recorder.informer.stop();
});

describe('client-node informer against the fake API server', () => {
  test('receives ADDED, MODIFIED and DELETED as add/update/delete; status writes arrive as updates', async () => {
    const namespace = 'inf-events';
    fake().createObject({ ...widget('before'), metadata: { name: 'before', namespace } });
    const { events, api, informer } = await startInformer(fake(), namespace);
    await waitFor(() => events.includes('add:before'), 3000, 'initial list');
    await waitFor(() => fake().openWatchCount({ group, plural }) > 0, 3000, 'watch open');

    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('w1') });
    await waitFor(() => events.includes('add:w1'), 3000, 'ADDED');
    const current = await api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'w1' });
    await api.replaceNamespacedCustomObjectStatus({ group, version, namespace, plural, name: 'w1', body: { ...current, status: { phase: 'Ready' } } });
    await waitFor(() => events.includes('update:w1'), 3000, 'MODIFIED');
    expect((informer.get('w1', namespace) as { status?: { phase?: string } }).status?.phase).toBe('Ready');
    await api.deleteNamespacedCustomObject({ group, version, namespace, plural, name: 'w1' });
    await waitFor(() => events.includes('delete:w1'), 3000, 'DELETED');
    expect(events).toEqual(['add:before', 'add:w1', 'update:w1', 'delete:w1']);
  });

  test('re-watches from its last resourceVersion after a clean close; reports an error and stops on a dropped connection', async () => {
    const namespace = 'inf-drop';
    const { events, api, errors, informer } = await startInformer(fake(), namespace);
    await waitFor(() => fake().openWatchCount({ group, plural }) > 0, 3000, 'watch open');
    fake().requests.clear();

    expect(fake().closeAllWatches({ group, plural })).toBeGreaterThan(0);
    await waitFor(() => fake().requests.count({ verb: 'watch', resource: plural }) >= 1, 3000, 're-watch after close');
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('after-close') });
    await waitFor(() => events.includes('add:after-close'), 3000, 'event after close');

    expect(fake().requests.count({ verb: 'list', resource: plural })).toBe(0);
    const resumed = fake().requests.find({ verb: 'watch', resource: plural });
    expect(resumed.every((request) => request.query.resourceVersion !== undefined && request.query.resourceVersion !== '')).toBe(true);
    expect(errors).toEqual([]);

    // A connection that breaks mid-stream is an error for client-node 1.4.0: the informer reports it
    // and stops; the operator has to start it again, and it resumes from its last resourceVersion
    // (the missed change is replayed from the server's history, no relist).
    fake().closeAllWatches({ group, plural, abrupt: true });
    await waitFor(() => errors.length === 1, 3000, 'error after drop');
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('after-drop') });
    await informer.start();
    await waitFor(() => events.includes('add:after-drop'), 3000, 'event after restart');
    expect(fake().requests.count({ verb: 'list', resource: plural })).toBe(0);
    expect(errors).toHaveLength(1);
  });

  test('relists after 410 Gone when its resourceVersion was compacted away, and notices deletions it missed', async () => {
    const namespace = 'inf-expired';
    fake().createObject({ ...widget('kept'), metadata: { name: 'kept', namespace } });
    fake().createObject({ ...widget('missed-delete'), metadata: { name: 'missed-delete', namespace } });
    const { events, errors } = await startInformer(fake(), namespace);
    await waitFor(() => events.length === 2 && fake().openWatchCount({ group, plural }) > 0, 3000, 'initial sync');

    // Partition the informer: hold its next watch, change state behind its back, compact, then heal.
    const hold = fake().faults.inject({ verb: 'watch', resource: plural, namespace, respond: 'hold' });
    fake().closeAllWatches({ group, plural });
    await waitFor(() => hold.used() === 1, 3000, 'held watch');
    const kc = new KubeConfig();
    kc.loadFromOptions(fake().kubeConfigOptions());
    const api = kc.makeApiClient(CustomObjectsApi);
    await api.deleteNamespacedCustomObject({ group, version, namespace, plural, name: 'missed-delete' });
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('missed-add') });
    fake().compactHistory();
    fake().requests.clear();

    // The held watch resumes from a compacted resourceVersion: 410 in the stream, then a relist.
    expect(fake().releaseHeldRequests()).toBe(1);
    await waitFor(() => events.includes('delete:missed-delete') && events.includes('add:missed-add'), 5000, 'relist');
    expect(events.filter((event) => event.endsWith(':kept'))).toEqual(['add:kept']);
    expect(fake().requests.count({ verb: 'list', resource: plural })).toBe(1);
    expect(errors).toEqual([]);
  });

  test('a watch from an expired resourceVersion gets an ERROR event with a 410 Expired Status', async () => {
    fake().compactHistory();
    const response = await fetch(`${fake().url}/apis/${group}/${version}/namespaces/default/${plural}?watch=true&resourceVersion=1`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } });
  });

  test('bookmarks, timeoutSeconds and selector-aware watch events', async () => {
    const namespace = 'inf-raw';
    const listRv = fake().currentResourceVersion();
    const controller = new AbortController();
    const url = `${fake().url}/apis/${group}/${version}/namespaces/${namespace}/${plural}?watch=1&resourceVersion=${listRv}&allowWatchBookmarks=true&timeoutSeconds=1&labelSelector=app%3Dx`;
    const response = await fetch(url, { signal: controller.signal });
    fake().createObject({ ...widget('labelled'), metadata: { name: 'labelled', namespace, labels: { app: 'x' } } });
    fake().createObject({ ...widget('unlabelled'), metadata: { name: 'unlabelled', namespace } });
    fake().sendBookmarks();
    const body = await response.text(); // the server ends the stream after timeoutSeconds
    const events = body.trim().split('\n').map((line) => JSON.parse(line) as { type: string; object: { metadata: { name?: string; resourceVersion: string } } });
    expect(events.map((event) => `${event.type}:${event.object.metadata.name ?? ''}`)).toEqual(['ADDED:labelled', 'BOOKMARK:']);
    expect(events[1]!.object.metadata.resourceVersion).toBe(fake().currentResourceVersion());
  });
});

