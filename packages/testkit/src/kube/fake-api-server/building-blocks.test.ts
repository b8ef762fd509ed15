/**
 * Unit tests of the fake's pure parts: JSONPath, selectors, patches, age formatting, Table output.
 */
import { ApiError } from './api-errors';
import { evaluateJsonPath } from './json-path';
import { ObjectStore } from './object-store';
import { applyJsonPatch, applyMergePatch } from './patches';
import { definitionsFromCrd } from './resource-registry';
import { compileFieldSelector, compileLabelSelector } from './selectors';
import { humanDuration, toTable, wantsTable } from './table-printer';
import { exampleWidgetCrd } from './widget-crd.fixture';

const conditions = { status: { conditions: [{ type: 'Synced', status: 'False' }, { type: 'Ready', status: 'True', reason: 'Ok' }] } };

describe('JSONPath subset', () => {
  test.each([
    ['.status.conditions[?(@.type=="Ready")].status', ['True']],
    [".status.conditions[?(@.type!='Ready')].type", ['Synced']],
    ['.status.conditions[1].reason', ['Ok']],
    ['.status.conditions[*].type', ['Synced', 'Ready']],
    ['{.status.missing}', []],
  ])('%s', (path, expected) => {
    expect(evaluateJsonPath(conditions, path)).toEqual(expected);
  });

  test('quoted keys with dots', () => {
    expect(evaluateJsonPath({ metadata: { labels: { 'app.kubernetes.io/name': 'x' } } }, ".metadata.labels['app.kubernetes.io/name']")).toEqual(['x']);
  });
});

describe('selectors', () => {
  const object = { metadata: { name: 'a', namespace: 'ns', labels: { tier: 'gold', env: 'prod' } }, type: 'Opaque' };
  test.each([
    ['tier=gold', true],
    ['tier==gold,env!=dev', true],
    ['tier in (silver, gold)', true],
    ['tier notin (gold)', false],
    ['env', true],
    ['!env', false],
    ['missing', false],
  ])('label selector %s', (selector, expected) => {
    expect(compileLabelSelector(selector)(object)).toBe(expected);
  });

  test('field selectors on metadata and other fields', () => {
    expect(compileFieldSelector('metadata.name=a,metadata.namespace=ns')(object)).toBe(true);
    expect(compileFieldSelector('metadata.name!=a')(object)).toBe(false);
    expect(compileFieldSelector('type=Opaque')(object)).toBe(true);
  });
});

describe('patches', () => {
  test('merge patch merges objects, replaces arrays and deletes with null', () => {
    expect(applyMergePatch({ a: { b: 1, c: 2 }, list: [1, 2], gone: 1 }, { a: { c: 3 }, list: [3], gone: null })).toEqual({ a: { b: 1, c: 3 }, list: [3] });
  });

  test('JSON patch applies add/remove/replace/move/copy/test and rejects a failed test', () => {
    const patched = applyJsonPatch({ a: [1, 2], b: { c: 1 } }, [
      { op: 'add', path: '/a/-', value: 3 },
      { op: 'remove', path: '/a/0' },
      { op: 'replace', path: '/b/c', value: 2 },
      { op: 'copy', from: '/b', path: '/d' },
      { op: 'move', from: '/d/c', path: '/e' },
      { op: 'test', path: '/e', value: 2 },
    ]);
    expect(patched).toEqual({ a: [2, 3], b: { c: 2 }, d: {}, e: 2 });
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toThrow(/testing value \/a failed/);
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'remove', path: '/missing' }])).toThrow();
  });
});

describe('server-side printing', () => {
  test('ages are formatted like kubectl', () => {
    expect([5_000, 125_000, 600_000, 3 * 3600_000 + 60_000, 50 * 3600_000, 3 * 86400_000 + 3600_000, 400 * 86400_000].map(humanDuration)).toEqual([
      '5s',
      '2m5s',
      '10m',
      '3h1m',
      '2d2h',
      '3d1h',
      '400d',
    ]);
  });

  test('a Table has NAME plus the printer columns, typed cells and partial metadata', () => {
    const [definition] = definitionsFromCrd(exampleWidgetCrd());
    const now = new Date('2025-01-01T00:10:00Z');
    const object = { metadata: { name: 'w', namespace: 'default', creationTimestamp: '2025-01-01T00:00:00Z' }, spec: { size: 3, color: 'blue' }, ...conditions };
    const table = toTable(definition!, [object], '42', 'Metadata', now) as unknown as { columnDefinitions: Array<{ name: string; priority: number }>; rows: Array<{ cells: unknown[]; object: { kind: string } }> };
    expect(table.columnDefinitions.map((column) => `${column.name}/${column.priority}`)).toEqual(['Name/0', 'Size/0', 'Ready/0', 'Color/1', 'Age/0']);
    expect(table.rows[0]!.cells).toEqual(['w', 3, 'True', 'blue', '10m']);
    expect(table.rows[0]!.object.kind).toBe('PartialObjectMetadata');
    expect(wantsTable('application/json;as=Table;v=v1;g=meta.k8s.io,application/json')).toBe(true);
    expect(wantsTable('application/json')).toBe(false);
  });
});

describe('object store history', () => {
  const object = (name: string) => ({ metadata: { name, uid: name, resourceVersion: '' } });

  test('keeps a bounded window; older resourceVersions are expired (410)', () => {
    const store = new ObjectStore(2, 10);
    store.put('g/things', object('a'));
    store.put('g/things', object('b'));
    store.put('g/things', object('c'));
    expect(store.currentRevision()).toBe(13);
    expect(store.changesSince('g/things', 11).map((change) => change.object.metadata.name)).toEqual(['b', 'c']);
    let failure: unknown;
    try {
      store.changesSince('g/things', 10);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).toStatus()).toMatchObject({ code: 410, reason: 'Expired', message: 'too old resource version: 10 (11)' });
    store.compact();
    expect(() => store.changesSince('g/things', 12)).toThrow(/too old resource version/);
    expect(store.changesSince('g/things', 13)).toEqual([]);
  });
});
