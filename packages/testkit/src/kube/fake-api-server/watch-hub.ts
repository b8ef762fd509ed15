/**
 * Watch streams: one chunked HTTP response per watch, one JSON event per line. A watch starts with
 * the current objects (no or `0` resourceVersion) or replays the history after its resourceVersion;
 * a resourceVersion older than the retained history gets an `ERROR` event with a 410 `Expired`
 * Status and the stream ends, as the real server does. Supports bookmarks, `timeoutSeconds`,
 * `sendInitialEvents`, selectors (objects moving in/out of a selector become ADDED/DELETED) and
 * closing every stream on demand.
 */
import type { ServerResponse } from 'node:http';
import { ApiError } from './api-errors';
import type { ObjectStore } from './object-store';
import type { ObjectPredicate } from './selectors';
import { apiVersionOf, type KubeObject, type ResourceDefinition, type StoredChange, type StoredObject, type WatchEventType } from './types';

/** What one watch request asks for. */
export interface WatchRequest {
  definition: ResourceDefinition;
  /** Only this namespace; undefined watches every namespace. */
  namespace?: string;
  matches: ObjectPredicate;
  /** The `resourceVersion` query value ('' when absent). */
  resourceVersion: string;
  allowBookmarks: boolean;
  sendInitialEvents: boolean;
  timeoutSeconds?: number;
}

/** Timing knobs of the hub. */
export interface WatchHubOptions {
  /** How often a watch that allows bookmarks gets one (ms). */
  bookmarkIntervalMs: number;
  /** Server-side timeout when the client sends none (seconds); undefined = never. */
  defaultTimeoutSeconds?: number;
}

interface OpenWatch {
  request: WatchRequest;
  response: ServerResponse;
  timers: NodeJS.Timeout[];
}

/** Presents a stored object in the version the watch asked for. */
export function presentAs(definition: ResourceDefinition, object: StoredObject): KubeObject {
  return { ...object, apiVersion: apiVersionOf(definition), kind: definition.kind };
}

/** Fans store changes out to the open watch streams. */
export class WatchHub {
  private readonly watches = new Set<OpenWatch>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: WatchHubOptions,
  ) {
    this.unsubscribe = store.onChange((change) => this.dispatch(change));
  }

  /** How many watch streams are open (per storage key when given). */
  openCount(storageKey?: string): number {
    return [...this.watches].filter((watch) => storageKey === undefined || watch.request.definition.storageKey === storageKey).length;
  }

  /** Starts streaming: headers are flushed at once so the client sees the watch as established. */
  open(request: WatchRequest, response: ServerResponse): void {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' });
    response.flushHeaders();
    const watch: OpenWatch = { request, response, timers: [] };

    let backlog: StoredChange[] = [];
    const startsFromNow = request.resourceVersion === '' || request.resourceVersion === '0';
    if (!startsFromNow) {
      try {
        backlog = this.store.changesSince(request.definition.storageKey, Number(request.resourceVersion));
      } catch (error) {
        if (error instanceof ApiError) {
          this.write(watch, 'ERROR', error.toStatus() as unknown as KubeObject);
          response.end();
          return;
        }
        throw error;
      }
    }

    this.watches.add(watch);
    response.on('close', () => this.forget(watch));

    if (startsFromNow || request.sendInitialEvents) {
      for (const object of this.store.list(request.definition.storageKey, request.namespace)) {
        if (request.matches(object)) this.write(watch, 'ADDED', presentAs(request.definition, object));
      }
      if (request.sendInitialEvents && request.allowBookmarks) this.sendBookmark(watch, { 'k8s.io/initial-events-end': 'true' });
    }
    for (const change of backlog) this.deliver(watch, change);

    if (request.allowBookmarks) {
      const timer = setInterval(() => this.sendBookmark(watch), this.options.bookmarkIntervalMs);
      timer.unref();
      watch.timers.push(timer);
    }
    const timeoutSeconds = request.timeoutSeconds ?? this.options.defaultTimeoutSeconds;
    if (timeoutSeconds !== undefined) {
      const timer = setTimeout(() => this.end(watch), timeoutSeconds * 1000);
      timer.unref();
      watch.timers.push(timer);
    }
  }

  /** Sends a BOOKMARK with the current revision to every watch that allows bookmarks. */
  sendBookmarks(): void {
    for (const watch of this.watches) if (watch.request.allowBookmarks) this.sendBookmark(watch);
  }

  /**
   * Ends every open watch (optionally of one storage key). `abrupt` destroys the sockets instead of
   * ending the responses cleanly, like a dropped connection.
   */
  closeAll(options: { abrupt?: boolean; storageKey?: string } = {}): number {
    let closed = 0;
    for (const watch of [...this.watches]) {
      if (options.storageKey !== undefined && watch.request.definition.storageKey !== options.storageKey) continue;
      closed += 1;
      if (options.abrupt) {
        this.forget(watch);
        watch.response.socket?.destroy();
      } else {
        this.end(watch);
      }
    }
    return closed;
  }

  /** Ends every stream and stops listening to the store. */
  shutdown(): void {
    this.closeAll();
    this.unsubscribe();
  }

  private dispatch(change: StoredChange): void {
    for (const watch of this.watches) {
      if (watch.request.definition.storageKey === change.storageKey) this.deliver(watch, change);
    }
  }

  /** Sends one change to one watch, translating it for the watch's namespace and selectors. */
  private deliver(watch: OpenWatch, change: StoredChange): void {
    const { request } = watch;
    const inScope = (object: StoredObject | undefined): boolean =>
      object !== undefined &&
      (request.namespace === undefined || (object.metadata.namespace ?? '') === request.namespace) &&
      request.matches(object);
    const object = presentAs(request.definition, change.object);
    if (change.type === 'ADDED') {
      if (inScope(change.object)) this.write(watch, 'ADDED', object);
    } else if (change.type === 'DELETED') {
      if (inScope(change.previous ?? change.object)) this.write(watch, 'DELETED', object);
    } else {
      const now = inScope(change.object);
      const before = inScope(change.previous);
      if (now && before) this.write(watch, 'MODIFIED', object);
      else if (now) this.write(watch, 'ADDED', object);
      else if (before) this.write(watch, 'DELETED', object);
    }
  }

  private sendBookmark(watch: OpenWatch, annotations?: Record<string, string>): void {
    const { definition } = watch.request;
    this.write(watch, 'BOOKMARK', {
      apiVersion: apiVersionOf(definition),
      kind: definition.kind,
      metadata: { resourceVersion: String(this.store.currentRevision()), ...(annotations ? { annotations } : {}) },
    });
  }

  private write(watch: OpenWatch, type: WatchEventType, object: KubeObject): void {
    if (watch.response.writableEnded || watch.response.destroyed) return;
    watch.response.write(`${JSON.stringify({ type, object })}\n`);
  }

  private end(watch: OpenWatch): void {
    this.forget(watch);
    if (!watch.response.writableEnded) watch.response.end();
  }

  private forget(watch: OpenWatch): void {
    for (const timer of watch.timers) clearTimeout(timer);
    watch.timers = [];
    this.watches.delete(watch);
  }
}
