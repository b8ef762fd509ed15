/**
 * One operator instance, assembled from its dependencies (no globals): the channel writer, the
 * leader election (or none), the controller that runs only while leading, metrics, and the
 * health server. `main.ts` builds the dependencies from the environment; tests build them directly.
 */
import { CoordinationV1Api, CoreV1Api, type KubeConfig } from '@kubernetes/client-node';
import type { MessageBus } from '@modelgate/contracts/bus';
import type { Logger } from '@modelgate/runtime';
import { trace, type Tracer } from '@opentelemetry/api';
import type { DataSource } from 'typeorm';
import { ChannelController } from './controller/channel-controller';
import { ChannelReconciler } from './controller/channel-reconciler';
import { OperatorChannelWriter } from './database/operator-channel-writer';
import { type BackoffPolicy, DEFAULT_BACKOFF } from './kube/backoff';
import { ChannelApi } from './kube/channel-api';
import { EventRecorder } from './kube/event-recorder';
import { LeaderElector, type Leadership } from './kube/leader-election';
import { type HealthServer, startHealthServer } from './observability/health-server';
import { OperatorMetrics } from './observability/operator-metrics';

export interface OperatorDeps {
  kubeConfig: KubeConfig;
  /** An initialised data source (the caller opens and closes it). */
  dataSource: DataSource;
  bus: Pick<MessageBus, 'publish'>;
  logger: Logger;
  metrics?: OperatorMetrics;
  tracer?: Tracer;
}

export interface LeaderElectionSettings {
  leaseName: string;
  leaseNamespace: string;
  identity: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
}

export interface OperatorSettings {
  /** Empty: every namespace. */
  watchNamespaces: readonly string[];
  /** Undefined: no leader election (a single replica). */
  leaderElection?: LeaderElectionSettings;
  workers: number;
  resyncPeriodMs: number;
  missingSecretRetryMs: number;
  queueBackoff: BackoffPolicy;
  informerBackoff: BackoffPolicy;
  drainMs: number;
  /** Health/metrics server; undefined: none (tests). */
  http?: { host: string; port: number };
}

export const DEFAULT_OPERATOR_SETTINGS: OperatorSettings = {
  watchNamespaces: [],
  workers: 4,
  resyncPeriodMs: 10 * 60_000,
  missingSecretRetryMs: 5 * 60_000,
  queueBackoff: DEFAULT_BACKOFF,
  informerBackoff: { baseMs: 1000, maxMs: 60_000, jitter: 0.2 },
  drainMs: 10_000,
};

export class ChannelOperator {
  readonly metrics: OperatorMetrics;
  readonly writer: OperatorChannelWriter;
  private readonly api: ChannelApi;
  private readonly events: EventRecorder;
  private readonly elector: LeaderElector | undefined;
  private readonly leadership: Leadership;
  private controller: ChannelController | undefined;
  private transition: Promise<void> = Promise.resolve();
  private health: HealthServer | undefined;
  private stopped = false;

  constructor(
    private readonly deps: OperatorDeps,
    private readonly settings: OperatorSettings,
  ) {
    this.metrics = deps.metrics ?? new OperatorMetrics();
    this.writer = new OperatorChannelWriter({ dataSource: deps.dataSource, bus: deps.bus, logger: deps.logger });
    this.api = new ChannelApi(deps.kubeConfig);
    this.events = new EventRecorder(deps.kubeConfig.makeApiClient(CoreV1Api), settings.leaderElection?.identity ?? 'modelgate-operator', deps.logger);
    const election = settings.leaderElection;
    if (election) {
      this.elector = new LeaderElector({
        leases: deps.kubeConfig.makeApiClient(CoordinationV1Api),
        namespace: election.leaseNamespace,
        name: election.leaseName,
        identity: election.identity,
        leaseDurationMs: election.leaseDurationMs,
        renewDeadlineMs: election.renewDeadlineMs,
        retryPeriodMs: election.retryPeriodMs,
        logger: deps.logger,
        onStartedLeading: () => this.lead(),
        onStoppedLeading: () => this.follow(),
      });
      this.leadership = this.elector;
    } else {
      this.leadership = { isLeader: () => !this.stopped };
    }
  }

  /** Starts the health server, then competes for leadership (or leads at once). */
  async start(): Promise<void> {
    if (this.settings.http) {
      this.health = await startHealthServer({ ...this.settings.http, registry: this.metrics.registry, readiness: () => this.readiness() });
    }
    if (this.elector) this.elector.start();
    else this.lead();
    await this.transition;
  }

  /** Port of the health server, if one runs. */
  get healthPort(): number | undefined {
    return this.health?.port;
  }

  isLeader(): boolean {
    return this.leadership.isLeader();
  }

  /** The running controller (while leading). */
  get activeController(): ChannelController | undefined {
    return this.controller;
  }

  /** Stops the controller (draining), releases the Lease, closes the health server. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.elector) await this.elector.stop();
    else this.follow();
    await this.transition;
    await this.health?.close();
  }

  /** Not ready while leading with caches not yet synced or the database unreachable. */
  private async readiness(): Promise<string | undefined> {
    try {
      await this.deps.dataSource.query('SELECT 1');
    } catch (error) {
      return `database unreachable: ${(error as Error).message}`;
    }
    if (this.leadership.isLeader() && !this.controller?.synced) return 'informer caches not synced';
    return undefined;
  }

  private lead(): void {
    this.metrics.leader.set(1);
    this.transition = this.transition.then(async () => {
      if (this.stopped || this.controller) return;
      const controller = this.buildController();
      this.controller = controller;
      await controller.start();
    });
  }

  private follow(): void {
    this.metrics.leader.set(0);
    this.transition = this.transition.then(async () => {
      const controller = this.controller;
      this.controller = undefined;
      await controller?.stop();
      await this.events.flush();
    });
  }

  private buildController(): ChannelController {
    let controller: ChannelController | undefined;
    const reconciler = new ChannelReconciler({
      getChannel: (namespace, name) => controller?.getChannel(namespace, name),
      getSecret: (namespace, name) => controller?.getSecret(namespace, name),
      api: this.api,
      writer: this.writer,
      leadership: this.leadership,
      metrics: this.metrics,
      tracer: this.deps.tracer ?? trace.getTracer('modelgate-operator'),
      logger: this.deps.logger,
      events: this.events,
      missingSecretRetryMs: this.settings.missingSecretRetryMs,
    });
    controller = new ChannelController({
      kubeConfig: this.deps.kubeConfig,
      api: this.api,
      reconciler,
      metrics: this.metrics,
      logger: this.deps.logger,
      namespaces: this.settings.watchNamespaces,
      workers: this.settings.workers,
      resyncPeriodMs: this.settings.resyncPeriodMs,
      queueBackoff: this.settings.queueBackoff,
      informerBackoff: this.settings.informerBackoff,
      drainMs: this.settings.drainMs,
    });
    return controller;
  }
}
