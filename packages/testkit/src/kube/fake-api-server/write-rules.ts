/**
 * The API server's rules for turning a request body into the next stored state, as pure
 * functions: server-managed metadata, the status subresource split, `metadata.generation`,
 * finalizers on terminating objects, Secret `stringData`, and the no-op write check.
 */
import { randomUUID } from 'node:crypto';
import { badRequest, invalid } from './api-errors';
import { apiVersionOf, cloneJson, type KubeObject, type ResourceDefinition, type StoredObject } from './types';

/** Which part of an object a write addresses. */
export type WriteTarget = 'main' | 'status';

const nameAlphabet = 'bcdfghjklmnpqrstvwxz2456789';
const dnsSubdomain = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** Timestamps the way the API server prints them: RFC 3339, whole seconds, UTC. */
export function kubeTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** `generateName` plus five random characters, as the server does. */
export function generateNameFrom(prefix: string): string {
  let suffix = '';
  for (let index = 0; index < 5; index += 1) suffix += nameAlphabet[Math.floor(Math.random() * nameAlphabet.length)];
  return `${prefix}${suffix}`;
}

/**
 * Secret defaults: `type: Opaque`, and `stringData` moved into base64 `data` (the real server never
 * stores `stringData`).
 */
function foldStringData(definition: ResourceDefinition, object: KubeObject): void {
  if (definition.group !== '' || definition.plural !== 'secrets') return;
  if (object.type === undefined) object.type = 'Opaque';
  if (!object.stringData) return;
  const data = { ...((object.data as Record<string, string> | undefined) ?? {}) };
  for (const [key, value] of Object.entries(object.stringData as Record<string, string>)) {
    data[key] = Buffer.from(String(value), 'utf8').toString('base64');
  }
  object.data = data;
  delete object.stringData;
}

/** Everything of an object that counts as "spec" for generation purposes. */
function specPart(definition: ResourceDefinition, object: KubeObject): string {
  const { metadata: _metadata, status, apiVersion: _apiVersion, kind: _kind, ...rest } = object;
  return JSON.stringify(definition.statusSubresource ? rest : { ...rest, status });
}

/** Builds the object to store for a create request (without resourceVersion, set by the store). */
export function prepareCreate(definition: ResourceDefinition, namespace: string | undefined, body: KubeObject, now: Date): StoredObject {
  if (body.kind !== undefined && body.kind !== definition.kind) {
    throw badRequest(`the kind of the provided object (${body.kind}) does not match the resource (${definition.kind})`);
  }
  const object = cloneJson(body) as KubeObject;
  const metadata = { ...(object.metadata ?? {}) };
  if (definition.namespaced) {
    if (metadata.namespace && metadata.namespace !== namespace) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    metadata.namespace = namespace;
  } else {
    delete metadata.namespace;
  }
  if (!metadata.name && metadata.generateName) metadata.name = generateNameFrom(metadata.generateName);
  if (!metadata.name) {
    throw invalid(definition, '', [{ reason: 'FieldValueRequired', field: 'metadata.name', message: 'Required value: name or generateName is required' }]);
  }
  if (!dnsSubdomain.test(metadata.name) || metadata.name.length > 253) {
    throw invalid(definition, metadata.name, [{ field: 'metadata.name', message: `Invalid value: "${metadata.name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.'` }]);
  }
  metadata.uid = randomUUID();
  metadata.creationTimestamp = kubeTimestamp(now);
  delete metadata.resourceVersion;
  delete metadata.deletionTimestamp;
  delete metadata.deletionGracePeriodSeconds;
  if (definition.isCustomResource) metadata.generation = 1;
  else delete metadata.generation;
  object.metadata = metadata;
  object.apiVersion = apiVersionOf(definition);
  object.kind = definition.kind;
  if (definition.isCustomResource && definition.statusSubresource) delete object.status;
  foldStringData(definition, object);
  return object as StoredObject;
}

/**
 * Builds the next state of `existing` from a full candidate object (a PUT body or a patched copy).
 * Main-resource writes keep the stored status when the status subresource is on; status writes keep
 * everything but the status. Server-managed metadata always comes from `existing`.
 */
export function prepareUpdate(definition: ResourceDefinition, existing: StoredObject, candidate: KubeObject, target: WriteTarget): StoredObject {
  const candidateName = candidate.metadata?.name;
  if (candidateName !== undefined && candidateName !== existing.metadata.name) {
    throw badRequest(`the name of the object (${candidateName}) does not match the name on the URL (${existing.metadata.name})`);
  }
  let next: KubeObject;
  if (target === 'status') {
    next = cloneJson(existing) as KubeObject;
    if (candidate.status === undefined) delete next.status;
    else next.status = cloneJson(candidate.status);
  } else {
    next = cloneJson(candidate);
    const metadata = { ...(next.metadata ?? {}) };
    const kept = existing.metadata;
    metadata.name = kept.name;
    metadata.uid = kept.uid;
    metadata.creationTimestamp = kept.creationTimestamp;
    if (kept.namespace !== undefined) metadata.namespace = kept.namespace;
    else delete metadata.namespace;
    for (const field of ['generation', 'deletionTimestamp', 'deletionGracePeriodSeconds'] as const) {
      if (kept[field] !== undefined) (metadata as Record<string, unknown>)[field] = kept[field];
      else delete metadata[field];
    }
    next.metadata = metadata;
    if (definition.statusSubresource) {
      if (existing.status === undefined) delete next.status;
      else next.status = cloneJson(existing.status);
    }
    foldStringData(definition, next);
    if (definition.isCustomResource && specPart(definition, next) !== specPart(definition, existing)) {
      next.metadata.generation = (existing.metadata.generation ?? 0) + 1;
    }
  }
  next.apiVersion = existing.apiVersion ?? apiVersionOf(definition);
  next.kind = definition.kind;
  next.metadata!.resourceVersion = existing.metadata.resourceVersion;
  rejectNewFinalizersWhileTerminating(definition, existing, next);
  return next as StoredObject;
}

/** 422 when a terminating object gains a finalizer (the real server forbids it). */
function rejectNewFinalizersWhileTerminating(definition: ResourceDefinition, existing: StoredObject, next: KubeObject): void {
  if (!existing.metadata.deletionTimestamp) return;
  const before = new Set(existing.metadata.finalizers ?? []);
  const added = (next.metadata?.finalizers ?? []).filter((finalizer) => !before.has(finalizer));
  if (added.length > 0) {
    throw invalid(definition, existing.metadata.name, [
      {
        reason: 'FieldValueForbidden',
        field: 'metadata.finalizers',
        message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((finalizer) => JSON.stringify(finalizer)).join(', ')}}`,
      },
    ]);
  }
}

/** Marks an object as terminating (deletionTimestamp, grace 0, generation + 1 like `markAsDeleting`). */
export function markAsDeleting(existing: StoredObject, now: Date): StoredObject {
  const next = cloneJson(existing);
  if (!next.metadata.deletionTimestamp && (next.metadata.generation ?? 0) > 0) next.metadata.generation = next.metadata.generation! + 1;
  next.metadata.deletionTimestamp = next.metadata.deletionTimestamp ?? kubeTimestamp(now);
  next.metadata.deletionGracePeriodSeconds = 0;
  return next;
}

/** True when a write would store exactly what is stored (the server then skips it: no new resourceVersion, no event). */
export function isNoOpWrite(existing: StoredObject, next: StoredObject): boolean {
  return canonical(existing) === canonical(next);
}

/** JSON with object keys sorted, so key order never makes two equal objects differ. */
function canonical(object: StoredObject): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  };
  return JSON.stringify(sortKeys({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } }));
}
