/**
 * Storage and versioning: objects per resource, one global revision counter (like etcd), and the
 * change history that watches replay from. The history keeps a bounded window; older changes are
 * compacted away and a watch that asks for them gets 410 Gone.
 */
import { expired } from './api-errors';
import { cloneJson, type StoredChange, type StoredObject } from './types';

/** Listener for committed changes (the watch hub). */
export type ChangeListener = (change: StoredChange) => void;

/** Where an object lives: its storage key, namespace ('' when cluster-scoped) and name. */
export interface ObjectAddress {
  storageKey: string;
  namespace: string;
  name: string;
}

function objectKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

/** In-memory objects with a resourceVersion history. */
export class ObjectStore {
  private revision: number;
  private readonly objects = new Map<string, Map<string, StoredObject>>();
  private history: StoredChange[] = [];
  /** Changes with a revision ≤ this are gone; a watch from an older revision is expired. */
  private compactedRevision: number;
  private readonly listeners = new Set<ChangeListener>();

  /**
   * @param historyLimit how many changes are kept before the oldest are compacted away
   * @param initialRevision the revision the store starts at (lists before any write report it)
   */
  constructor(
    private readonly historyLimit = 1000,
    initialRevision = 100,
  ) {
    this.revision = initialRevision;
    this.compactedRevision = initialRevision;
  }

  /** The latest committed revision, as list responses report it. */
  currentRevision(): number {
    return this.revision;
  }

  /** The oldest revision a watch may still resume from. */
  oldestWatchableRevision(): number {
    return this.compactedRevision;
  }

  /** Subscribes to committed changes; returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A copy of one object, or undefined. */
  get(address: ObjectAddress): StoredObject | undefined {
    const found = this.objects.get(address.storageKey)?.get(objectKey(address.namespace, address.name));
    return found ? cloneJson(found) : undefined;
  }

  /** Copies of the objects of one resource, optionally one namespace only, sorted by namespace/name. */
  list(storageKey: string, namespace?: string): StoredObject[] {
    const bucket = this.objects.get(storageKey);
    if (!bucket) return [];
    return [...bucket.entries()]
      .filter(([, object]) => namespace === undefined || (object.metadata.namespace ?? '') === namespace)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, object]) => cloneJson(object));
  }

  /** Every namespace that holds at least one object of any resource. */
  namespacesInUse(): Set<string> {
    const namespaces = new Set<string>();
    for (const bucket of this.objects.values()) {
      for (const object of bucket.values()) if (object.metadata.namespace) namespaces.add(object.metadata.namespace);
    }
    return namespaces;
  }

  /**
   * Stores a new object or a new state of an existing one: assigns the next resourceVersion,
   * records the change and notifies listeners. Returns the stored copy.
   */
  put(storageKey: string, object: StoredObject): StoredObject {
    const namespace = object.metadata.namespace ?? '';
    const key = objectKey(namespace, object.metadata.name);
    const bucket = this.bucket(storageKey);
    const previous = bucket.get(key);
    const stored = cloneJson(object);
    stored.metadata.resourceVersion = String(this.nextRevision());
    bucket.set(key, stored);
    this.record({
      type: previous ? 'MODIFIED' : 'ADDED',
      revision: this.revision,
      storageKey,
      object: stored,
      ...(previous ? { previous } : {}),
    });
    return cloneJson(stored);
  }

  /**
   * Removes an object; the DELETED change carries a new resourceVersion. `finalState` replaces the
   * stored content in the DELETED event (an update that removed the last finalizer). Returns the
   * removed copy.
   */
  remove(address: ObjectAddress, finalState?: StoredObject): StoredObject | undefined {
    const bucket = this.objects.get(address.storageKey);
    const key = objectKey(address.namespace, address.name);
    const existing = bucket?.get(key);
    if (!bucket || !existing) return undefined;
    bucket.delete(key);
    const removed = cloneJson(finalState ?? existing);
    removed.metadata.resourceVersion = String(this.nextRevision());
    this.record({ type: 'DELETED', revision: this.revision, storageKey: address.storageKey, object: removed, previous: existing });
    return cloneJson(removed);
  }

  /**
   * The changes of one resource after `fromRevision`, oldest first.
   * @throws ApiError 410 Expired when part of that range was compacted away
   */
  changesSince(storageKey: string, fromRevision: number): StoredChange[] {
    if (fromRevision < this.compactedRevision) throw expired(fromRevision, this.compactedRevision);
    return this.history.filter((change) => change.storageKey === storageKey && change.revision > fromRevision).map(cloneJson);
  }

  /** Drops the whole retained history now: every watch from an earlier revision will get 410. */
  compact(): void {
    this.history = [];
    this.compactedRevision = this.revision;
  }

  private nextRevision(): number {
    this.revision += 1;
    return this.revision;
  }

  private bucket(storageKey: string): Map<string, StoredObject> {
    let bucket = this.objects.get(storageKey);
    if (!bucket) {
      bucket = new Map();
      this.objects.set(storageKey, bucket);
    }
    return bucket;
  }

  private record(change: StoredChange): void {
    this.history.push(change);
    if (this.history.length > this.historyLimit) {
      const dropped = this.history.splice(0, this.history.length - this.historyLimit);
      this.compactedRevision = dropped[dropped.length - 1]!.revision;
    }
    for (const listener of this.listeners) listener(cloneJson(change));
  }
}
