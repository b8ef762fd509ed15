import { type Logger, PreconditionFailedError } from '@modelgate/runtime';
import type { ChannelDisabler } from '../state/channel-disabler';
import { type ChannelTestDeps, checkTestable, testChannel } from './channel-tester';
import type { ProbeChannel, ProbeStore } from './probe-store';
import { readTestAllSettings, type TestAllOptionSource, verdictAfterTest } from './test-verdict';

/** The message of a test-all request while a run is going (the reference's wording). */
export const TEST_ALL_RUNNING_MESSAGE = '测试已在运行中';

/** What a test-all run needs. */
export interface TestAllRunnerDeps {
  readonly store: ProbeStore;
  readonly tester: ChannelTestDeps;
  readonly options: TestAllOptionSource;
  readonly disabler: Pick<ChannelDisabler, 'disable' | 'enable'>;
  readonly logger: Logger;
  /** Pause between two channels, sparing rate limits of providers several channels share. Default 0. */
  readonly pauseMs?: number;
}

/** Whether a channel's type can be tested at all (task channels and types without an adapter cannot). */
function isTestable(channel: ProbeChannel): boolean {
  try {
    checkTestable(channel.type);
    return true;
  } catch {
    return false;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Tests every testable channel, one after another, in the background: each result is recorded
 * (`response_time`, `test_time`) and then judged by {@link verdictAfterTest}, which may disable or
 * re-enable the channel through the disabler (one transaction and a `channel.changed` event per
 * change, so every relay replica reloads). The options are read again for every channel, so a
 * settings change takes effect during a long run.
 *
 * One run at a time per relay process: `start` refuses while one is going. Replicas do not
 * exclude each other; two runs at once only test channels twice, as every status change is a
 * conditional write.
 */
export class TestAllRunner {
  private active = false;
  private sweep: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: TestAllRunnerDeps) {}

  /** Whether a run is going. */
  get running(): boolean {
    return this.active;
  }

  /**
   * Starts a run and resolves with the number of channels it will test, once they are listed.
   * Rejects with `PreconditionFailedError` while a run is going or after `stop`.
   */
  async start(): Promise<number> {
    if (this.active || this.stopping.signal.aborted) {
      throw new PreconditionFailedError(TEST_ALL_RUNNING_MESSAGE, { code: 'channel_test_running' });
    }
    this.active = true;
    let channels: ProbeChannel[];
    try {
      channels = (await this.deps.store.all()).filter(isTestable);
    } catch (error) {
      this.active = false;
      throw error;
    }
    this.deps.logger.info({ channels: channels.length }, 'testing all channels');
    this.sweep = this.testEach(channels)
      .catch((err: unknown) => {
        if (!this.stopping.signal.aborted) this.deps.logger.error({ err }, 'testing all channels failed');
      })
      .finally(() => {
        this.active = false;
        this.sweep = undefined;
      });
    return channels.length;
  }

  /** Resolves when the current run (if any) has ended; for tests and diagnostics. */
  async idle(): Promise<void> {
    await this.sweep;
  }

  /** Stops a run in progress (the test under way is abandoned) and waits for it to end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.sweep;
  }

  private async testEach(channels: readonly ProbeChannel[]): Promise<void> {
    let tested = 0;
    for (const [index, channel] of channels.entries()) {
      if (this.stopping.signal.aborted) return;
      if (index > 0 && this.deps.pauseMs) await new Promise((resolve) => setTimeout(resolve, this.deps.pauseMs));
      try {
        await this.testOne(channel);
        tested++;
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        this.deps.logger.warn({ err, channelId: channel.id }, 'channel test failed to run');
      }
    }
    this.deps.logger.info({ tested, channels: channels.length }, 'tested all channels');
  }

  private async testOne(channel: ProbeChannel): Promise<void> {
    const outcome = await testChannel(this.deps.tester, channel, '', this.stopping.signal);
    await this.deps.store.recordTest(channel.id, outcome.elapsedMs, nowSeconds(), {
      success: outcome.success,
      message: outcome.message,
      model: outcome.model,
    });
    const verdict = verdictAfterTest(outcome, channel, readTestAllSettings(this.deps.options));
    if (verdict.action === 'disable') {
      const changed = await this.deps.disabler.disable(channel.id, verdict.reason, { transient: verdict.transient === true });
      if (changed) this.deps.logger.warn({ channelId: channel.id, reason: verdict.reason }, 'channel disabled by its test');
    } else if (verdict.action === 'enable') {
      const changed = await this.deps.disabler.enable(channel.id);
      if (changed) this.deps.logger.info({ channelId: channel.id }, 'channel enabled after passing its test');
    }
  }
}
