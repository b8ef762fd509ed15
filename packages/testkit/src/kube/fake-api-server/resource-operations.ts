/**
 * The verbs on stored objects: get, list, create, update, patch, delete, deletecollection, with the
 * status subresource, optimistic concurrency (409 on a stale resourceVersion), finalizers, schema
 * validation and the side effects of built-ins (a CRD registers its resources; a namespaced object
 * creates its Namespace when missing).
 */
import { randomUUID } from 'node:crypto';
import { ApiError, alreadyExists, conflict, invalid, notFound, unsupportedMediaType } from './api-errors';
import type { ObjectStore } from './object-store';
import { applyJsonPatch, applyMergePatch } from './patches';
import type { CustomResourceDefinitionObject, ResourceRegistry } from './resource-registry';
import { validateAgainstSchema } from './schema-validation';
import type { ObjectPredicate } from './selectors';
import { apiVersionOf, cloneJson, type KubeObject, type ResourceDefinition, type StoredObject } from './types';
import { isNoOpWrite, kubeTimestamp, markAsDeleting, prepareCreate, prepareUpdate, type WriteTarget } from './write-rules';

/** Behaviour switches of the operations. */
export interface OperationOptions {
  /** Validate custom resources against their CRD schema (422 on violations). */
  validateSchemas: boolean;
  /** Create a Namespace object on first use instead of answering 404. */
  autoCreateNamespaces: boolean;
  /** The clock used for timestamps. */
  now: () => Date;
}

/** Delete options read from the body or the query. */
export interface DeleteOptions {
  preconditions?: { resourceVersion?: string; uid?: string };
  dryRun?: boolean;
}

const namespaceKey = '/namespaces';
const crdStorageKey = 'apiextensions.k8s.io/customresourcedefinitions';

/** Executes the verbs against the store. */
export class ResourceOperations {
  constructor(
    private readonly store: ObjectStore,
    private readonly registry: ResourceRegistry,
    private readonly options: OperationOptions,
  ) {}

  /** GET one object (404 when missing). */
  get(definition: ResourceDefinition, namespace: string | undefined, name: string): KubeObject {
    return this.present(definition, this.require(definition, namespace, name));
  }

  /** LIST objects (one namespace or all) with the current revision as the list's resourceVersion. */
  list(definition: ResourceDefinition, namespace: string | undefined, matches: ObjectPredicate): KubeObject {
    const items = this.store
      .list(definition.storageKey, namespace)
      .filter(matches)
      .map((object) => this.present(definition, object));
    return { apiVersion: apiVersionOf(definition), kind: definition.listKind, metadata: { resourceVersion: String(this.store.currentRevision()) }, items };
  }

  /** POST: creates an object (409 AlreadyExists when the name is taken). */
  create(definition: ResourceDefinition, namespace: string | undefined, body: KubeObject, dryRun = false): KubeObject {
    const object = prepareCreate(definition, namespace, body, this.options.now());
    this.validate(definition, object);
    if (this.store.get(this.address(definition, object.metadata.namespace, object.metadata.name))) {
      throw alreadyExists(definition, object.metadata.name);
    }
    if (dryRun) return this.present(definition, object);
    if (definition.namespaced) this.ensureNamespace(object.metadata.namespace!);
    if (definition.storageKey === crdStorageKey) this.establishCrd(object);
    return this.present(definition, this.store.put(definition.storageKey, object));
  }

  /** PUT on the object or its `/status`: 409 on a stale resourceVersion, 422 when CRs omit it. */
  update(definition: ResourceDefinition, namespace: string | undefined, name: string, body: KubeObject, target: WriteTarget, dryRun = false): KubeObject {
    const existing = this.require(definition, namespace, name);
    const requested = body.metadata?.resourceVersion;
    if (!requested && definition.isCustomResource) {
      throw invalid(definition, name, [{ field: 'metadata.resourceVersion', message: 'Invalid value: 0x0: must be specified for an update' }]);
    }
    if (requested && requested !== existing.metadata.resourceVersion) throw conflict(definition, name);
    return this.write(definition, existing, body, target, dryRun);
  }

  /** PATCH on the object or its `/status`, by the request's content type. */
  patch(definition: ResourceDefinition, namespace: string | undefined, name: string, contentType: string, patch: unknown, target: WriteTarget, dryRun = false): KubeObject {
    const mediaType = contentType.split(';')[0]!.trim();
    const existing = this.store.get(this.address(definition, namespace, name));
    if (!existing) {
      if (mediaType === 'application/apply-patch+yaml' && target === 'main') return this.create(definition, namespace, patch as KubeObject, dryRun);
      throw notFound(definition, name);
    }
    let patched: unknown;
    if (mediaType === 'application/json-patch+json') patched = applyJsonPatch(existing, patch);
    else if (['application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'].includes(mediaType)) {
      patched = applyMergePatch(existing, patch);
    } else throw unsupportedMediaType(contentType);
    const candidate = patched as KubeObject;
    if (candidate.metadata?.resourceVersion !== existing.metadata.resourceVersion) throw conflict(definition, name);
    return this.write(definition, existing, candidate, target, dryRun);
  }

  /**
   * DELETE: an object with finalizers only gets a deletionTimestamp (MODIFIED) and stays until the
   * last finalizer is removed; otherwise it is removed at once (DELETED).
   */
  delete(definition: ResourceDefinition, namespace: string | undefined, name: string, options: DeleteOptions = {}): KubeObject {
    const existing = this.require(definition, namespace, name);
    const { preconditions } = options;
    if (preconditions?.resourceVersion && preconditions.resourceVersion !== existing.metadata.resourceVersion) throw conflict(definition, name);
    if (preconditions?.uid && preconditions.uid !== existing.metadata.uid) throw conflict(definition, name);
    if ((existing.metadata.finalizers ?? []).length > 0) {
      if (existing.metadata.deletionTimestamp || options.dryRun) return this.present(definition, existing);
      return this.present(definition, this.store.put(definition.storageKey, markAsDeleting(existing, this.options.now())));
    }
    if (options.dryRun) return this.present(definition, existing);
    const removed = this.removeNow(definition, existing);
    if (definition.isCustomResource) return this.present(definition, removed);
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name, group: definition.group, kind: definition.plural, uid: removed.metadata.uid },
    };
  }

  /** DELETE on a collection: deletes every matching object; answers the list of what was affected. */
  deleteCollection(definition: ResourceDefinition, namespace: string | undefined, matches: ObjectPredicate, options: DeleteOptions = {}): KubeObject {
    const affected = this.store
      .list(definition.storageKey, namespace)
      .filter(matches)
      .map((object) => {
        const result = this.delete(definition, object.metadata.namespace, object.metadata.name, { dryRun: options.dryRun });
        return result.kind === 'Status' ? this.present(definition, object) : result;
      });
    return { apiVersion: apiVersionOf(definition), kind: definition.listKind, metadata: { resourceVersion: String(this.store.currentRevision()) }, items: affected };
  }

  /** Registers a CRD object directly (used at start-up), storing it like `kubectl apply` would. */
  installCrd(crd: CustomResourceDefinitionObject): void {
    const definition = this.registry.find('apiextensions.k8s.io', 'v1', 'customresourcedefinitions')!;
    const name = crd.metadata?.name ?? `${crd.spec.names.plural}.${crd.spec.group}`;
    const body = { ...crd, metadata: { ...(crd.metadata ?? {}), name } };
    const existing = this.store.get(this.address(definition, undefined, name));
    if (existing) this.write(definition, existing, { ...body, metadata: { ...body.metadata, resourceVersion: existing.metadata.resourceVersion } }, 'main', false);
    else this.create(definition, undefined, body);
  }

  private write(definition: ResourceDefinition, existing: StoredObject, candidate: KubeObject, target: WriteTarget, dryRun: boolean): KubeObject {
    if (target === 'status' && !definition.statusSubresource) throw new ApiError(404, 'NotFound', 'the server could not find the requested resource');
    const next = prepareUpdate(definition, existing, candidate, target);
    this.validate(definition, next);
    if (dryRun || isNoOpWrite(existing, next)) return this.present(definition, dryRun ? next : existing);
    if (next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0) {
      return this.present(definition, this.removeNow(definition, next, next));
    }
    if (definition.storageKey === crdStorageKey) this.establishCrd(next);
    return this.present(definition, this.store.put(definition.storageKey, next));
  }

  /** Removes an object; `finalState` is the state that removed the last finalizer (sent in DELETED). */
  private removeNow(definition: ResourceDefinition, object: StoredObject, finalState?: StoredObject): StoredObject {
    const address = this.address(definition, object.metadata.namespace, object.metadata.name);
    const removed = this.store.remove(address, finalState)!;
    if (definition.storageKey === crdStorageKey) this.dropCrd(removed as unknown as CustomResourceDefinitionObject);
    if (definition.storageKey === namespaceKey) this.dropNamespaceContents(object.metadata.name);
    return removed;
  }

  private validate(definition: ResourceDefinition, object: KubeObject): void {
    if (this.options.validateSchemas && definition.isCustomResource) validateAgainstSchema(definition, object);
  }

  private require(definition: ResourceDefinition, namespace: string | undefined, name: string): StoredObject {
    const found = this.store.get(this.address(definition, namespace, name));
    if (!found) throw notFound(definition, name);
    return found;
  }

  private address(definition: ResourceDefinition, namespace: string | undefined, name: string) {
    return { storageKey: definition.storageKey, namespace: definition.namespaced ? (namespace ?? '') : '', name };
  }

  /** The object as the requested version presents it. */
  private present(definition: ResourceDefinition, object: StoredObject): KubeObject {
    return { ...cloneJson(object), apiVersion: apiVersionOf(definition), kind: definition.kind };
  }

  private ensureNamespace(namespace: string): void {
    if (this.store.get({ storageKey: namespaceKey, namespace: '', name: namespace })) return;
    if (!this.options.autoCreateNamespaces) throw new ApiError(404, 'NotFound', `namespaces "${namespace}" not found`, { name: namespace, kind: 'namespaces' });
    this.store.put(namespaceKey, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace, uid: randomUUID(), resourceVersion: '', creationTimestamp: kubeTimestamp(this.options.now()), labels: { 'kubernetes.io/metadata.name': namespace } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }

  /** Creates the namespaces a fresh cluster has. */
  bootstrapNamespaces(names: string[]): void {
    for (const name of names) this.ensureNamespace(name);
  }

  private establishCrd(object: StoredObject): void {
    const crd = object as unknown as CustomResourceDefinitionObject;
    this.registry.registerCrd(crd);
    const time = kubeTimestamp(this.options.now());
    const condition = (type: string, reason: string) => ({ type, status: 'True', reason, message: '', lastTransitionTime: time });
    object.status = {
      conditions: [condition('NamesAccepted', 'NoConflicts'), condition('Established', 'InitialNamesAccepted')],
      acceptedNames: crd.spec.names,
      storedVersions: crd.spec.versions.filter((version) => version.storage).map((version) => version.name),
    };
  }

  private dropCrd(crd: CustomResourceDefinitionObject): void {
    const storageKey = `${crd.spec.group}/${crd.spec.names.plural}`;
    for (const object of this.store.list(storageKey)) {
      this.store.remove({ storageKey, namespace: object.metadata.namespace ?? '', name: object.metadata.name });
    }
    this.registry.unregisterCrd(crd);
  }

  private dropNamespaceContents(namespace: string): void {
    for (const definition of this.registry.all().filter((candidate) => candidate.namespaced)) {
      for (const object of this.store.list(definition.storageKey, namespace)) {
        this.store.remove({ storageKey: definition.storageKey, namespace, name: object.metadata.name });
      }
    }
  }
}
