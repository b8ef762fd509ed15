/**
 * Leader election on a `coordination.k8s.io/v1` Lease (client-go's algorithm): a candidate
 * creates the Lease or, when its holder has not renewed it for `leaseDurationMs` as measured on the
 * candidate's own clock (the resourceVersion did not change), replaces it with itself as holder
 * using the observed resourceVersion, so only one candidate wins. The leader renews every
 * `retryPeriodMs` and considers itself leader only while its last renewal is younger than
 * `renewDeadlineMs` (< lease duration), so an old leader stops before a new one can start.
 * Stopping releases the Lease so another replica takes over at once.
 */
import type { CoordinationV1Api, V1Lease } from '@kubernetes/client-node';
import type { Logger } from '@modelgate/runtime';

export interface LeaderElectionOptions {
  leases: Pick<CoordinationV1Api, 'readNamespacedLease' | 'createNamespacedLease' | 'replaceNamespacedLease'>;
  namespace: string;
  name: string;
  identity: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  logger: Logger;
  onStartedLeading: () => void;
  onStoppedLeading: () => void;
  now?: () => number;
}

/** Who may write: the Lease holder, or everyone when leader election is off. */
export interface Leadership {
  isLeader(): boolean;
}

function statusCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown; statusCode?: unknown }).code ?? (error as { statusCode?: unknown }).statusCode;
  return typeof code === 'number' ? code : undefined;
}

export class LeaderElector implements Leadership {
  private leading = false;
  private lastRenewAt = 0;
  private observedVersion: string | undefined;
  private observedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private tick: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: LeaderElectionOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Starts competing for the Lease. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  isLeader(): boolean {
    return this.leading && this.now() - this.lastRenewAt < this.options.renewDeadlineMs;
  }

  /** Stops competing; a leader calls `onStoppedLeading` and releases the Lease. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.tick;
    if (!this.leading) return;
    this.loseLeadership('stopping');
    try {
      const lease = await this.options.leases.readNamespacedLease({ name: this.options.name, namespace: this.options.namespace });
      if (lease.spec?.holderIdentity !== this.options.identity) return;
      const now = new Date(this.now());
      await this.options.leases.replaceNamespacedLease({
        name: this.options.name,
        namespace: this.options.namespace,
        body: { ...lease, spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: now } },
      });
    } catch (error) {
      this.options.logger.warn({ err: error }, 'cannot release the leader Lease; it expires by itself');
    }
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.tick = this.tryAcquireOrRenew()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'leader election attempt failed'))
        .finally(() => {
          if (this.leading && !this.isLeader()) this.loseLeadership('renew deadline passed');
          this.schedule(this.options.retryPeriodMs);
        });
    }, delayMs);
  }

  private async tryAcquireOrRenew(): Promise<void> {
    const { leases, name, namespace, identity } = this.options;
    let lease: V1Lease;
    try {
      lease = await leases.readNamespacedLease({ name, namespace });
    } catch (error) {
      if (statusCode(error) !== 404) throw error;
      const now = new Date(this.now());
      try {
        await leases.createNamespacedLease({
          namespace,
          body: {
            metadata: { name, namespace },
            spec: { holderIdentity: identity, leaseDurationSeconds: this.leaseSeconds(), acquireTime: now, renewTime: now, leaseTransitions: 0 },
          },
        });
      } catch (createError) {
        if (statusCode(createError) === 409) return;
        throw createError;
      }
      this.renewed(now.getTime());
      return;
    }
    const version = lease.metadata?.resourceVersion;
    if (version !== this.observedVersion) {
      this.observedVersion = version;
      this.observedAt = this.now();
    }
    const spec = lease.spec ?? {};
    const holder = spec.holderIdentity ?? '';
    const expired = this.now() - this.observedAt >= this.options.leaseDurationMs;
    if (holder !== identity && holder !== '' && !expired) return;
    const now = new Date(this.now());
    const takeover = holder !== identity;
    const body: V1Lease = {
      ...lease,
      spec: {
        ...spec,
        holderIdentity: identity,
        leaseDurationSeconds: this.leaseSeconds(),
        renewTime: now,
        ...(takeover ? { acquireTime: now, leaseTransitions: (spec.leaseTransitions ?? 0) + 1 } : {}),
      },
    };
    try {
      const replaced = await leases.replaceNamespacedLease({ name, namespace, body });
      this.observedVersion = replaced.metadata?.resourceVersion;
      this.observedAt = this.now();
    } catch (error) {
      if (statusCode(error) === 409) return; // another candidate won, or the holder renewed
      throw error;
    }
    this.renewed(now.getTime());
  }

  private renewed(at: number): void {
    this.lastRenewAt = at;
    if (this.leading || !this.running) return;
    this.leading = true;
    this.options.logger.info({ lease: this.options.name, identity: this.options.identity }, 'became the leader');
    this.options.onStartedLeading();
  }

  private loseLeadership(why: string): void {
    if (!this.leading) return;
    this.leading = false;
    this.options.logger.warn({ lease: this.options.name, identity: this.options.identity, why }, 'stopped leading');
    this.options.onStoppedLeading();
  }

  private leaseSeconds(): number {
    return Math.max(1, Math.ceil(this.options.leaseDurationMs / 1000));
  }
}
