/**
 * The real `@kubernetes/client-node` CustomObjectsApi against the fake: CRUD, patches, the status
 * subresource, generation rules, optimistic concurrency, finalizers, schema validation.
 */
import { CustomObjectsApi, KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { useFakeApiServer } from './jest-lifecycle';
import { apiFailureOf } from './test-helpers';
import { exampleWidgetCrd, widgetGroup as group, widgetPlural as plural, widgetVersion as version } from './widget-crd.fixture';

const fake = useFakeApiServer({ crds: [exampleWidgetCrd()] });
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const namespace = 'default';

function client(): CustomObjectsApi {
  const kc = new KubeConfig();
  kc.loadFromOptions(fake().kubeConfigOptions());
  return kc.makeApiClient(CustomObjectsApi);
}

function widget(name: string, spec: Record<string, unknown> = { size: 1 }, labels?: Record<string, string>) {
  return { apiVersion: `${group}/${version}`, kind: 'Widget', metadata: { name, ...(labels ? { labels } : {}) }, spec };
}

describe('CustomObjectsApi against the fake API server', () => {
  test('create sets server metadata, applies schema defaults and drops status; get returns it', async () => {
    const api = client();
    const created = await api.createNamespacedCustomObject({ group, version, namespace, plural, body: { ...widget('alpha'), status: { bogus: true } } });
    expect(created.metadata).toMatchObject({ name: 'alpha', namespace, generation: 1 });
    expect(created.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Number(created.metadata.resourceVersion)).toBeGreaterThan(0);
    expect(created.spec).toEqual({ size: 1, color: 'red' });
    expect(created.status).toBeUndefined();
    const fetched = await api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'alpha' });
    expect(fetched).toEqual(created);
  });

  test('create of an existing name answers 409 AlreadyExists; generateName picks a fresh name', async () => {
    const api = client();
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('dup') });
    const failure = await apiFailureOf(api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('dup') }));
    expect(failure.code).toBe(409);
    expect(failure.status).toMatchObject({ kind: 'Status', reason: 'AlreadyExists', message: 'widgets.test.modelgate.dev "dup" already exists' });
    const generated = await api.createNamespacedCustomObject({ group, version, namespace, plural, body: { ...widget(''), metadata: { generateName: 'gen-' } } });
    expect(generated.metadata.name).toMatch(/^gen-[a-z0-9]{5}$/);
  });

  test('get of a missing object answers a 404 NotFound Status', async () => {
    const failure = await apiFailureOf(client().getNamespacedCustomObject({ group, version, namespace, plural, name: 'missing' }));
    expect(failure.code).toBe(404);
    expect(failure.status).toMatchObject({ reason: 'NotFound', details: { name: 'missing', group, kind: plural } });
  });

  test('schema violations answer 422 Invalid with field causes', async () => {
    const failure = await apiFailureOf(client().createNamespacedCustomObject({ group, version, namespace, plural, body: widget('bad', { size: 0, color: 'green' }) }));
    expect(failure.code).toBe(422);
    expect(failure.status.reason).toBe('Invalid');
    const fields = ((failure.status.details as { causes: Array<{ field: string }> }).causes ?? []).map((cause) => cause.field).sort();
    expect(fields).toEqual(['spec.color', 'spec.size']);
    const missing = await apiFailureOf(client().createNamespacedCustomObject({ group, version, namespace, plural, body: widget('bad2', {}) }));
    expect(missing.status.message).toContain('spec.size: Required value');
  });

  test('list is namespaced or cluster-wide, carries a resourceVersion and honours label and field selectors', async () => {
    const api = client();
    await api.createNamespacedCustomObject({ group, version, namespace: 'team-a', plural, body: widget('l1', { size: 1 }, { tier: 'gold' }) });
    await api.createNamespacedCustomObject({ group, version, namespace: 'team-a', plural, body: widget('l2', { size: 2 }, { tier: 'silver' }) });
    await api.createNamespacedCustomObject({ group, version, namespace: 'team-b', plural, body: widget('l3', { size: 3 }, { tier: 'gold' }) });

    const teamA = await api.listNamespacedCustomObject({ group, version, namespace: 'team-a', plural });
    expect(teamA.kind).toBe('WidgetList');
    expect(teamA.metadata.resourceVersion).toBe(fake().currentResourceVersion());
    expect(teamA.items.map((item: { metadata: { name: string } }) => item.metadata.name)).toEqual(['l1', 'l2']);

    const gold = await api.listClusterCustomObject({ group, version, plural, labelSelector: 'tier=gold' });
    expect(gold.items.map((item: { metadata: { name: string } }) => item.metadata.name).sort()).toEqual(['l1', 'l3']);
    const notGold = await api.listClusterCustomObject({ group, version, plural, labelSelector: 'tier in (silver,bronze)' });
    expect(notGold.items.map((item: { metadata: { name: string } }) => item.metadata.name)).toEqual(['l2']);
    const byName = await api.listClusterCustomObject({ group, version, plural, fieldSelector: 'metadata.name=l3' });
    expect(byName.items).toHaveLength(1);
    expect(fake().getObject({ plural: 'namespaces', name: 'team-b' })).toMatchObject({ status: { phase: 'Active' } });
  });

  test('merge and JSON patches change spec and bump generation; label-only patches do not', async () => {
    const api = client();
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('patched') });
    const merged = await api.patchNamespacedCustomObject({ group, version, namespace, plural, name: 'patched', body: { spec: { size: 5 } } }, mergePatch);
    expect(merged.spec.size).toBe(5);
    expect(merged.metadata.generation).toBe(2);
    const labelled = await api.patchNamespacedCustomObject({ group, version, namespace, plural, name: 'patched', body: { metadata: { labels: { a: 'b' } } } }, mergePatch);
    expect(labelled.metadata.generation).toBe(2);
    expect(labelled.metadata.resourceVersion).not.toBe(merged.metadata.resourceVersion);
    const jsonPatched = await api.patchNamespacedCustomObject({
      group, version, namespace, plural, name: 'patched',
      body: [{ op: 'test', path: '/metadata/resourceVersion', value: labelled.metadata.resourceVersion }, { op: 'replace', path: '/spec/color', value: 'blue' }],
    });
    expect(jsonPatched.spec.color).toBe('blue');
    expect(jsonPatched.metadata.generation).toBe(3);
    const failedTest = await apiFailureOf(api.patchNamespacedCustomObject({
      group, version, namespace, plural, name: 'patched',
      body: [{ op: 'test', path: '/metadata/resourceVersion', value: labelled.metadata.resourceVersion }, { op: 'remove', path: '/spec/color' }],
    }));
    expect(failedTest.code).toBe(422);
  });

  test('replace with a stale resourceVersion answers 409 Conflict; a no-op write keeps the resourceVersion', async () => {
    const api = client();
    const created = await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('replaced') });
    const replaced = await api.replaceNamespacedCustomObject({ group, version, namespace, plural, name: 'replaced', body: { ...created, spec: { size: 9, color: 'red' } } });
    expect(replaced.metadata.generation).toBe(2);
    const stale = await apiFailureOf(api.replaceNamespacedCustomObject({ group, version, namespace, plural, name: 'replaced', body: { ...created, spec: { size: 10 } } }));
    expect(stale.code).toBe(409);
    expect(stale.status).toMatchObject({ reason: 'Conflict' });
    expect(stale.status.message).toContain('the object has been modified');
    const same = await api.replaceNamespacedCustomObject({ group, version, namespace, plural, name: 'replaced', body: replaced });
    expect(same.metadata.resourceVersion).toBe(replaced.metadata.resourceVersion);
  });

  test('status subresource: writes touch only status and never bump generation; main writes ignore status', async () => {
    const api = client();
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('stat') });
    const current = await api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'stat' });
    const ready = { conditions: [{ type: 'Ready', status: 'True', reason: 'Reconciled', message: '', observedGeneration: 1, lastTransitionTime: '2025-01-01T00:00:00Z' }] };
    const withStatus = await api.replaceNamespacedCustomObjectStatus({
      group, version, namespace, plural, name: 'stat', body: { ...current, spec: { size: 99 }, status: ready },
    });
    expect(withStatus.status).toEqual(ready);
    expect(withStatus.spec.size).toBe(1);
    expect(withStatus.metadata.generation).toBe(1);
    const patchedStatus = await api.patchNamespacedCustomObjectStatus({ group, version, namespace, plural, name: 'stat', body: { status: { observedGeneration: 1 } } }, mergePatch);
    expect(patchedStatus.status.observedGeneration).toBe(1);
    expect(patchedStatus.metadata.generation).toBe(1);
    const mainWrite = await api.patchNamespacedCustomObject({ group, version, namespace, plural, name: 'stat', body: { status: { observedGeneration: 7 } } }, mergePatch);
    expect(mainWrite.status.observedGeneration).toBe(1);
    expect(mainWrite.metadata.generation).toBe(1);
  });

  test('delete with finalizers sets deletionTimestamp and keeps the object until the last finalizer goes', async () => {
    const api = client();
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: { ...widget('final'), metadata: { name: 'final', finalizers: ['test.modelgate.dev/cleanup'] } } });
    const deleting = await api.deleteNamespacedCustomObject({ group, version, namespace, plural, name: 'final' });
    expect(deleting.metadata.deletionTimestamp).toBeDefined();
    expect(deleting.metadata.generation).toBe(2);
    const stillThere = await api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'final' });
    expect(stillThere.metadata.deletionTimestamp).toBe(deleting.metadata.deletionTimestamp);
    const addFinalizer = await apiFailureOf(api.patchNamespacedCustomObject({ group, version, namespace, plural, name: 'final', body: { metadata: { finalizers: ['test.modelgate.dev/cleanup', 'another'] } } }, mergePatch));
    expect(addFinalizer.code).toBe(422);
    await api.patchNamespacedCustomObject({
      group, version, namespace, plural, name: 'final',
      body: [{ op: 'test', path: '/metadata/resourceVersion', value: stillThere.metadata.resourceVersion }, { op: 'remove', path: '/metadata/finalizers' }],
    });
    const gone = await apiFailureOf(api.getNamespacedCustomObject({ group, version, namespace, plural, name: 'final' }));
    expect(gone.code).toBe(404);
  });

  test('delete without finalizers removes the object at once', async () => {
    const api = client();
    await api.createNamespacedCustomObject({ group, version, namespace, plural, body: widget('quick') });
    const deleted = await api.deleteNamespacedCustomObject({ group, version, namespace, plural, name: 'quick' });
    expect(deleted.metadata.name).toBe('quick');
    expect(fake().getObject({ group, plural, namespace, name: 'quick' })).toBeUndefined();
  });
});
