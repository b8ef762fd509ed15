import { ChannelStatus } from '@modelgate/db';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { type ChannelTestDeps, testChannel } from '../channel-probe/channel-tester';
import type { ProbeStore } from '../channel-probe/probe-store';
import { readTestAllSettings, type TestAllOptionSource } from '../channel-probe/test-verdict';
import type { ChannelDisabler } from '../state/channel-disabler';

/** What {@link DisabledChannelRecovery} needs. */
export interface DisabledChannelRecoveryDeps {
  readonly dataSource: DataSource;
  readonly store: Pick<ProbeStore, 'find' | 'recordTest'>;
  readonly tester: ChannelTestDeps;
  readonly options: TestAllOptionSource;
  readonly disabler: Pick<ChannelDisabler, 'enable'>;
  readonly logger: Logger;
  /** First wait after a channel was disabled, and between sweeps; the breaker's cool-down. */
  readonly cooldownMs: number;
  /** Longest wait between two probes of one channel (reached by doubling). */
  readonly maxCooldownMs: number;
}

/** `other_info`'s disable facts: when, and whether the cause may pass. */
function disableFacts(otherInfo: string | null): { time: number; transient: boolean } | undefined {
  try {
    const info = JSON.parse(otherInfo ?? '') as { status_time?: unknown; status_transient?: unknown };
    return { time: typeof info.status_time === 'number' ? info.status_time : 0, transient: info.status_transient === true };
  } catch {
    return undefined;
  }
}

/**
 * The half-open probe of channels disabled for a cause that may pass (status 3 with
 * `status_transient`: so far, a test slower than `ChannelDisableThreshold`). Every cool-down, each
 * such channel whose wait is over is tested once; an answer within the threshold enables it again
 * (through the disabler: one conditional write and the change event), a failure doubles its wait.
 * Channels disabled for a cause that does not pass by itself (a rejected key, an exhausted quota,
 * a keyword) wait for an admin, as in the reference. Replicas do not exclude each other: two
 * probes of one channel cost one extra test, and the enable is conditional.
 */
export class DisabledChannelRecovery {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  /** Channel id → the next probe's time (epoch ms) and the wait after it fails. */
  private readonly waits = new Map<number, { next: number; waitMs: number }>();

  constructor(private readonly deps: DisabledChannelRecoveryDeps) {}

  start(): void {
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'probing disabled channels failed'))
        .finally(() => (this.sweeping = undefined));
    }, this.deps.cooldownMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.sweeping;
  }

  /** One pass over the channels disabled for a passing cause; exposed for tests. */
  async sweep(now: number = Date.now()): Promise<void> {
    const rows: Array<{ id: number; other_info: string | null }> = await this.deps.dataSource.query(
      'SELECT id, other_info FROM channels WHERE status = $1',
      [ChannelStatus.AutoDisabled],
    );
    const waiting = new Set<number>();
    for (const row of rows) {
      const facts = disableFacts(row.other_info);
      if (!facts?.transient) continue;
      const id = Number(row.id);
      waiting.add(id);
      const wait = this.waits.get(id) ?? { next: facts.time * 1000 + this.deps.cooldownMs, waitMs: this.deps.cooldownMs };
      this.waits.set(id, wait);
      if (now < wait.next || this.stopping.signal.aborted) continue;
      let recovered = false;
      try {
        recovered = await this.probe(id);
      } catch (err) {
        // A type that cannot be tested, a database hiccup: this channel waits, the others go on.
        this.deps.logger.warn({ err, channelId: id }, 'could not probe a disabled channel');
      }
      if (recovered) {
        this.waits.delete(id);
      } else {
        wait.waitMs = Math.min(wait.waitMs * 2, this.deps.maxCooldownMs);
        wait.next = now + wait.waitMs;
      }
    }
    for (const id of this.waits.keys()) if (!waiting.has(id)) this.waits.delete(id);
  }

  /** Tests one channel; true when it answered within the threshold and was enabled again. */
  private async probe(id: number): Promise<boolean> {
    const channel = await this.deps.store.find(id);
    if (!channel || channel.status !== ChannelStatus.AutoDisabled) return true;
    const outcome = await testChannel(this.deps.tester, channel, '', this.stopping.signal);
    await this.deps.store.recordTest(id, outcome.elapsedMs, Math.floor(Date.now() / 1000));
    const { thresholdMs } = readTestAllSettings(this.deps.options);
    const healthy = outcome.success && (thresholdMs === 0 || outcome.elapsedMs <= thresholdMs);
    this.deps.logger.info({ channelId: id, healthy, elapsedMs: outcome.elapsedMs }, 'probed a disabled channel');
    if (!healthy) return false;
    await this.deps.disabler.enable(id);
    return true;
  }
}
