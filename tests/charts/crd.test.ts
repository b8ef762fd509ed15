import path from 'node:path';
import { CHANNEL_TYPES } from '@modelgate/channel-types';
import { celRules, channelValidator, crdVersion, loadCrd, schemaPaths } from './support/crd';
import { CRD_CHART, CRD_FILE, ROOT, ensureHelm, helm, parseObjects, type K8sObject } from './support/helm';

// The Channel CRD (channels.modelgate.dev): its shape, its schema as a validator, the agreement of
// its provider names with the gateway's channel types, printer columns and CEL rules.

const crd = loadCrd();
const version = crdVersion(crd);
const schema = version.schema.openAPIV3Schema as K8sObject;
const spec = schema.properties.spec as K8sObject;
const validate = channelValidator(crd);

/** A valid Channel to start each case from. */
function channel(overrides: Record<string, unknown> = {}): K8sObject {
  return {
    apiVersion: 'modelgate.dev/v1alpha1',
    kind: 'Channel',
    metadata: { name: 'openai-main', namespace: 'team-a' },
    spec: { type: 'openai', models: ['gpt-4o'], apiKeySecretRef: { name: 'openai-key' }, ...overrides },
  };
}

function errorsOf(obj: K8sObject): string[] {
  return validate(obj) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

beforeAll(() => ensureHelm(), 120_000);

describe('the Channel CRD', () => {
  it('is a namespaced modelgate.dev/v1alpha1 kind with a short name, a category and a status subresource', () => {
    expect(crd.apiVersion).toBe('apiextensions.k8s.io/v1');
    expect(crd.metadata.name).toBe('channels.modelgate.dev');
    expect(crd.spec).toMatchObject({
      group: 'modelgate.dev',
      scope: 'Namespaced',
      names: { kind: 'Channel', plural: 'channels', singular: 'channel', shortNames: ['mgch'], categories: ['modelgate'] },
    });
    expect(crd.spec.versions).toHaveLength(1);
    expect(version).toMatchObject({ served: true, storage: true, subresources: { status: {} } });
    expect(crd.metadata.annotations['helm.sh/resource-policy']).toBe('keep');
  });

  it('renders unchanged from its chart, which lints cleanly', () => {
    expect(helm(['lint', '--strict', CRD_CHART]).status).toBe(0);
    const rendered = helm(['template', 'crds', CRD_CHART]);
    expect(rendered.status).toBe(0);
    expect(parseObjects(rendered.stdout)).toEqual([crd]);
  });

  it("offers exactly the catalogue's provider names, in type-id order (npm run gen:crd writes them)", () => {
    const providers = [...CHANNEL_TYPES].sort((a, b) => a.id - b.id).map((type) => type.provider);
    expect(providers.length).toBeGreaterThan(30);
    expect(spec.properties.type.enum).toEqual(providers);
  });

  it('takes the key only by Secret reference', () => {
    expect(spec.required).toEqual(expect.arrayContaining(['type', 'models', 'apiKeySecretRef']));
    const fields = Object.keys(spec.properties as object);
    expect(fields.filter((f) => /key/i.test(f))).toEqual(['apiKeySecretRef']);
    expect(Object.keys(spec.properties.apiKeySecretRef.properties)).toEqual(['name', 'key']);
  });

  it('has printer columns whose JSON paths name fields of the schema', () => {
    const paths = schemaPaths(schema);
    paths.add('.metadata.creationTimestamp');
    const columns = version.additionalPrinterColumns as K8sObject[];
    for (const column of columns) {
      const field = (column.jsonPath as string).replace(/\[\?\(@\.type=="[A-Za-z]+"\)\]/, '').replace(/\[.*$/, '');
      expect({ column: column.name, known: paths.has(field) }).toEqual({ column: column.name, known: true });
    }
    const byName = (priority: number) => columns.filter((c) => (c.priority ?? 0) === priority).map((c) => c.name);
    expect(byName(0)).toEqual(['Type', 'Priority', 'Weight', 'Models', 'ID', 'Ready', 'Age']);
    expect(byName(1)).toEqual(['Reason', 'State', 'Response(ms)', 'Base URL', 'Groups']);
  });

  it('has CEL rules with messages that only reference fields declared where they stand', () => {
    const rules = celRules(schema);
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const { at, node, rule, message } of rules) {
      expect(message).toEqual(expect.any(String));
      // Balanced brackets and quotes: the cheapest syntax check without a CEL parser.
      let depth = 0;
      for (const char of rule.replace(/'[^']*'/g, "''")) {
        if ('([{'.includes(char)) depth += 1;
        if (')]}'.includes(char)) depth -= 1;
        expect(depth).toBeGreaterThanOrEqual(0);
      }
      expect({ at, rule, depth }).toEqual({ at, rule, depth: 0 });
      expect(rule.split("'").length % 2).toBe(1);
      for (const [, field, sub] of rule.matchAll(/self\.([A-Za-z]+)\b(?!\()(?:\.([A-Za-z]+))?/g)) {
        const declared = node.properties?.[field as string];
        expect({ at, field, declared: Boolean(declared) }).toEqual({ at, field, declared: true });
        if (sub && declared.properties) expect(Object.keys(declared.properties)).toContain(sub);
      }
    }
  });

  it('bounds every list, map and string of the spec (CEL cost and column sizes)', () => {
    const unbounded: string[] = [];
    const walk = (node: K8sObject, at: string) => {
      if (node.type === 'array' && node.maxItems === undefined) unbounded.push(at);
      if (node.type === 'string' && node.maxLength === undefined && !node.enum) unbounded.push(at);
      if (node.type === 'object' && node.additionalProperties && node.maxProperties === undefined) unbounded.push(at);
      for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, K8sObject>)) walk(child, `${at}.${name}`);
      if (node.items) walk(node.items, `${at}[]`);
    };
    walk(spec, '.spec');
    expect(unbounded).toEqual([]);
  });
});

describe('validating Channels against the CRD schema', () => {
  it('accepts a minimal Channel and fills in the defaults', () => {
    const obj = channel();
    expect(errorsOf(obj)).toEqual([]);
    expect(obj.spec).toMatchObject({
      groups: ['default'],
      priority: 0,
      weight: 0,
      autoBan: true,
      disabled: false,
      deletionPolicy: 'Delete',
      apiKeySecretRef: { name: 'openai-key', key: 'apiKey' },
    });
  });

  it('accepts a full Channel with a status written by the operator', () => {
    const obj = channel({
      type: 'azure',
      baseURL: 'https://example.openai.azure.com',
      groups: ['default', 'vip'],
      priority: -5,
      weight: 3,
      modelMapping: { 'gpt-4o': 'gpt-4o-2024-08-06' },
      statusCodeMapping: { '429': '503' },
      tag: 'eu',
      testModel: 'gpt-4o',
      settings: { apiVersion: '2024-10-21', maxInputTokens: 128000, paramOverride: { temperature: 0.2 } },
      deletionPolicy: 'Orphan',
    });
    obj.status = {
      observedGeneration: 2,
      channelId: 41,
      modelCount: 1,
      keyFingerprint: '3f9c1a0b22de',
      gateway: { state: 'AutoDisabled', reason: 'upstream 401', responseTimeMs: 812, usedQuota: 1000, lastTestTime: '2025-01-02T03:04:05Z' },
      conditions: [
        { type: 'Ready', status: 'False', reason: 'AutoDisabled', message: 'the gateway disabled the channel', observedGeneration: 2, lastTransitionTime: '2025-01-02T03:04:05Z' },
      ],
    };
    expect(errorsOf(obj)).toEqual([]);
  });

  it.each([
    ['an unknown provider', { type: 'openai-compatible' }, '/spec/type'],
    ['a numeric type', { type: 1 }, '/spec/type'],
    ['no models', { models: [] }, '/spec/models'],
    ['a model name with a comma', { models: ['a,b'] }, '/spec/models/0'],
    ['a priority below the bound', { priority: -1000 }, '/spec/priority'],
    ['a negative weight', { weight: -1 }, '/spec/weight'],
    ['a group with a space', { groups: ['my group'] }, '/spec/groups/0'],
    ['a base URL without a scheme', { baseURL: 'api.openai.com' }, '/spec/baseURL'],
    ['an unknown deletion policy', { deletionPolicy: 'Keep' }, '/spec/deletionPolicy'],
    ['a status mapping to a non-status', { statusCodeMapping: { '429': 'oops' } }, '/spec/statusCodeMapping/429'],
    ['a Secret reference without a name', { apiKeySecretRef: { key: 'apiKey' } }, '/spec/apiKeySecretRef'],
    ['a malformed Azure API version', { settings: { apiVersion: 'latest' } }, '/spec/settings/apiVersion'],
  ])('rejects %s', (_what, overrides, where) => {
    expect(errorsOf(channel(overrides)).join('\n')).toContain(where);
  });

  it('rejects a Channel without a spec or without a key reference', () => {
    expect(errorsOf({ apiVersion: 'modelgate.dev/v1alpha1', kind: 'Channel', metadata: { name: 'x' } })).not.toEqual([]);
    const noKey = channel();
    delete noKey.spec.apiKeySecretRef;
    expect(errorsOf(noKey).join('\n')).toContain('apiKeySecretRef');
  });

  it('rejects a status that is not the standard condition shape', () => {
    const obj = channel();
    obj.status = { conditions: [{ type: 'Ready', status: 'yes' }] };
    expect(errorsOf(obj).join('\n')).toMatch(/conditions\/0/);
  });

  it('is the file the CRD chart installs', () => {
    expect(path.relative(ROOT, CRD_FILE)).toBe('charts/modelgate-crds/templates/channels.modelgate.dev.yaml');
  });
});
