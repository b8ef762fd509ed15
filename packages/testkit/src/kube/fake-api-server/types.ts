/**
 * Shapes shared by the fake API server's parts: stored objects, resource definitions (what a CRD or
 * a built-in kind looks like to the server) and the watch events kept in the history.
 */

/** Object metadata as the fake server reads and writes it (a subset of `metav1.ObjectMeta`). */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  finalizers?: string[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [field: string]: unknown;
}

/** Any Kubernetes object as JSON. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  [field: string]: unknown;
}

/** A stored object: metadata is always present with name, uid and resourceVersion set. */
export interface StoredObject extends KubeObject {
  metadata: ObjectMeta & { name: string; uid: string; resourceVersion: string };
}

/** One `additionalPrinterColumns` entry of a CRD version (or a built-in kind's columns). */
export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

/** Everything the server needs to know to serve one group/version/resource. */
export interface ResourceDefinition {
  group: string;
  version: string;
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  /** True when the `/status` subresource is enabled (status and the main resource are written separately). */
  statusSubresource: boolean;
  /** Server-side printing columns after the NAME column. */
  printerColumns: PrinterColumn[];
  /** Verbs reported by discovery. */
  verbs: string[];
  /** Custom resources track `metadata.generation`, refuse unconditional updates and have no strategic merge. */
  isCustomResource: boolean;
  /** The version's `openAPIV3Schema`, when validation is wanted. */
  schema?: Record<string, unknown>;
  /** Objects of every version of one group/resource share storage under this key. */
  storageKey: string;
}

/** The watch event types the server sends. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** A change recorded in the store's history and fanned out to watches. */
export interface StoredChange {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  revision: number;
  storageKey: string;
  object: StoredObject;
  /** The object before a MODIFIED change (lets watches with selectors turn it into ADDED/DELETED). */
  previous?: StoredObject;
}

/** The Kubernetes verbs the router distinguishes (also used by fault rules and the request log). */
export type KubeVerb =
  | 'get'
  | 'list'
  | 'watch'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete'
  | 'deletecollection'
  | 'discovery';

/** Deep copy of JSON data (objects handed out by the store are never shared). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** `group/plural` as Kubernetes spells resources in messages: `channels.modelgate.dev`, or `secrets`. */
export function qualifiedResourceName(definition: Pick<ResourceDefinition, 'group' | 'plural'>): string {
  return definition.group ? `${definition.plural}.${definition.group}` : definition.plural;
}

/** `apiVersion` for a definition: `v1` for the core group, `group/version` otherwise. */
export function apiVersionOf(definition: Pick<ResourceDefinition, 'group' | 'version'>): string {
  return definition.group ? `${definition.group}/${definition.version}` : definition.version;
}
