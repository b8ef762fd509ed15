/**
 * `FakeApiServer`: a programmable in-memory Kubernetes API server on `node:http`, bound to
 * 127.0.0.1 on a free port, for driving the real `@kubernetes/client-node` and kubectl in tests.
 *
 * ```ts
 * const server = await FakeApiServer.start({ crds: [widgetCrd] });
 * const kc = new KubeConfig();
 * kc.loadFromOptions(server.kubeConfigOptions());
 * server.faults.failNext({ verb: 'watch', resource: 'widgets' }, { status: 500 });
 * server.requests.count({ verb: 'patch', subresource: 'status' });
 * await server.stop();
 * ```
 */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { FaultInjector } from './fault-injection';
import { kubeConfigOptions, kubeconfigDocument, writeKubeconfigFile } from './kubeconfig';
import { ObjectStore } from './object-store';
import { handleRequest, type HeldRequest } from './request-handler';
import { RequestLog } from './request-log';
import { ResourceOperations } from './resource-operations';
import { builtInDefinitions, ResourceRegistry, type CustomResourceDefinitionObject } from './resource-registry';
import type { KubeObject, ResourceDefinition } from './types';
import { WatchHub } from './watch-hub';

/** Start-up options; every field is optional. */
export interface FakeApiServerOptions {
  /** CRDs served from the start (parsed `apiextensions.k8s.io/v1` objects). */
  crds?: CustomResourceDefinitionObject[];
  /** Changes kept for watch resumption before the oldest are compacted (default 1000). */
  historyLimit?: number;
  /** Validate custom resources against their CRD schema (default true). */
  validateSchemas?: boolean;
  /** Create a missing Namespace on first use instead of answering 404 (default true). */
  autoCreateNamespaces?: boolean;
  /** Namespaces that exist at start (default `default`, `kube-system`). */
  namespaces?: string[];
  /** Interval of BOOKMARK events for watches that allow them, ms (default 1000). */
  bookmarkIntervalMs?: number;
  /** Server-side watch timeout when the client sends no `timeoutSeconds` (default: none). */
  defaultWatchTimeoutSeconds?: number;
  /** Clock for timestamps (default `new Date()`). */
  now?: () => Date;
}

/** Identifies stored objects for direct (non-HTTP) access from tests. */
export interface ObjectReference {
  /** API group ('' or omitted for the core group). */
  group?: string;
  plural: string;
  namespace?: string;
  name: string;
}

/** The running fake API server. */
export class FakeApiServer {
  /** Programmable failures; see {@link FaultInjector}. */
  readonly faults = new FaultInjector();
  /** Every answered request; see {@link RequestLog}. */
  readonly requests = new RequestLog();

  private readonly registry = new ResourceRegistry(builtInDefinitions());
  private readonly store: ObjectStore;
  private readonly operations: ResourceOperations;
  private readonly watchHub: WatchHub;
  private readonly heldRequests = new Set<HeldRequest>();
  private readonly kubeconfigDirectories: string[] = [];
  private readonly httpServer: Server;
  private stopped = false;

  private constructor(options: FakeApiServerOptions) {
    const now = options.now ?? (() => new Date());
    this.store = new ObjectStore(options.historyLimit ?? 1000);
    this.operations = new ResourceOperations(this.store, this.registry, {
      validateSchemas: options.validateSchemas ?? true,
      autoCreateNamespaces: options.autoCreateNamespaces ?? true,
      now,
    });
    this.watchHub = new WatchHub(this.store, {
      bookmarkIntervalMs: options.bookmarkIntervalMs ?? 1000,
      ...(options.defaultWatchTimeoutSeconds !== undefined ? { defaultTimeoutSeconds: options.defaultWatchTimeoutSeconds } : {}),
    });
    this.operations.bootstrapNamespaces(options.namespaces ?? ['default', 'kube-system']);
    for (const crd of options.crds ?? []) this.operations.installCrd(crd);
    const context = {
      registry: this.registry,
      operations: this.operations,
      watches: this.watchHub,
      faults: this.faults,
      log: this.requests,
      heldRequests: this.heldRequests,
      now,
    };
    this.httpServer = createServer((request, response) => void handleRequest(request, response, context));
    this.httpServer.keepAliveTimeout = 1000;
  }

  /** Starts a server on 127.0.0.1 and a free port. */
  static async start(options: FakeApiServerOptions = {}): Promise<FakeApiServer> {
    const server = new FakeApiServer(options);
    await new Promise<void>((resolve, reject) => {
      server.httpServer.once('error', reject);
      server.httpServer.listen(0, '127.0.0.1', () => resolve());
    });
    // Do not keep the process alive for the server alone (clients' sockets still do while in use).
    server.httpServer.unref();
    return server;
  }

  /** `http://127.0.0.1:<port>`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The port the server listens on. */
  get port(): number {
    return (this.httpServer.address() as AddressInfo).port;
  }

  /** Serves a CRD's resources from now on (like creating the CRD through the API). */
  registerCrd(crd: CustomResourceDefinitionObject): void {
    this.operations.installCrd(crd);
  }

  /** Drops the retained change history: watches resuming from an earlier resourceVersion get 410 Gone. */
  compactHistory(): void {
    this.store.compact();
  }

  /**
   * Ends every open watch stream (or only those of one resource plural). `abrupt: true` destroys the
   * sockets instead of ending the streams cleanly. Returns how many were closed.
   */
  closeAllWatches(options: { abrupt?: boolean; group?: string; plural?: string } = {}): number {
    const storageKey = options.plural !== undefined ? `${options.group ?? ''}/${options.plural}` : undefined;
    return this.watchHub.closeAll({ ...(options.abrupt ? { abrupt: true } : {}), ...(storageKey ? { storageKey } : {}) });
  }

  /** Serves every request parked by a `hold` fault, as if it had just arrived; returns how many. */
  releaseHeldRequests(): number {
    const held = [...this.heldRequests];
    this.heldRequests.clear();
    for (const request of held) if (!request.response.destroyed) request.resume();
    return held.length;
  }

  /** Sends a BOOKMARK now to every watch that allows bookmarks. */
  sendBookmarks(): void {
    this.watchHub.sendBookmarks();
  }

  /** Open watch streams (of one resource when `plural` is given). */
  openWatchCount(options: { group?: string; plural?: string } = {}): number {
    return this.watchHub.openCount(options.plural !== undefined ? `${options.group ?? ''}/${options.plural}` : undefined);
  }

  /** The latest resourceVersion. */
  currentResourceVersion(): string {
    return String(this.store.currentRevision());
  }

  /** A stored object read directly (no request is logged), or undefined. */
  getObject(reference: ObjectReference): KubeObject | undefined {
    const definition = this.definitionFor(reference.group ?? '', reference.plural);
    try {
      return this.operations.get(definition, reference.namespace, reference.name);
    } catch {
      return undefined;
    }
  }

  /** Stored objects of one resource read directly (optionally one namespace). */
  listObjects(reference: Omit<ObjectReference, 'name'>): KubeObject[] {
    const definition = this.definitionFor(reference.group ?? '', reference.plural);
    return this.operations.list(definition, reference.namespace, () => true).items as KubeObject[];
  }

  /** Creates an object directly from its `apiVersion`/`kind` (seeding state without a client). */
  createObject(object: KubeObject): KubeObject {
    const [group, version] = object.apiVersion?.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
    const definition = this.registry.all().find((candidate) => candidate.group === group && candidate.version === version && candidate.kind === object.kind);
    if (!definition) throw new Error(`the fake API server serves no ${object.apiVersion} ${object.kind}`);
    return this.operations.create(definition, object.metadata?.namespace ?? (definition.namespaced ? 'default' : undefined), object);
  }

  /** The served resource definitions (built-ins and CRD versions). */
  servedResources(): ResourceDefinition[] {
    return this.registry.all();
  }

  /** The kubeconfig document for this server. */
  kubeconfig(namespace?: string): Record<string, unknown> {
    return kubeconfigDocument(this.url, namespace);
  }

  /** Options for `new KubeConfig().loadFromOptions(...)`. */
  kubeConfigOptions(namespace?: string): ReturnType<typeof kubeConfigOptions> {
    return kubeConfigOptions(this.url, namespace);
  }

  /** Writes a kubeconfig file (default: a temp dir removed by `stop()`); returns its path. */
  writeKubeconfig(options: { path?: string; namespace?: string } = {}): string {
    const path = writeKubeconfigFile(this.url, options);
    if (!options.path) this.kubeconfigDirectories.push(dirname(path));
    return path;
  }

  /** Ends watches, drops connections, closes the listener and removes temp kubeconfigs. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.faults.clear();
    this.watchHub.shutdown();
    for (const held of this.heldRequests) held.response.socket?.destroy();
    this.heldRequests.clear();
    const closed = new Promise<void>((resolve) => this.httpServer.close(() => resolve()));
    this.httpServer.closeAllConnections();
    await closed;
    for (const directory of this.kubeconfigDirectories) rmSync(directory, { recursive: true, force: true });
  }

  private definitionFor(group: string, plural: string): ResourceDefinition {
    const definition = this.registry.all().find((candidate) => candidate.group === group && candidate.plural === plural);
    if (!definition) throw new Error(`the fake API server serves no resource ${plural}${group ? `.${group}` : ''}`);
    return definition;
  }
}
