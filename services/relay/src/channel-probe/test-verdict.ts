import type { TypedOptionReader } from '@modelgate/db';
import { ChannelStatus } from '@modelgate/db';
import { type AutoDisableSettings, shouldAutoDisable } from '../routing/retry-policy';
import type { TestOutcome } from './channel-tester';

/** The options that decide what a test of all channels does with each result. */
export interface TestAllSettings {
  /** `ChannelDisableThreshold` in milliseconds: a slower answer counts as a failure; 0 = no limit. */
  readonly thresholdMs: number;
  /** `AutomaticDisableChannelEnabled` and the disable keywords. */
  readonly autoDisable: AutoDisableSettings;
  /** `AutomaticEnableChannelEnabled`. */
  readonly autoEnable: boolean;
}

/** The channel facts the decision reads. */
export interface TestedChannel {
  readonly type: number;
  readonly status: number;
  readonly auto_ban: number;
}

/** What to do with a channel after its test. */
export type TestVerdict =
  | { readonly action: 'keep' }
  | { readonly action: 'disable'; readonly reason: string; /** The cause may pass (slowness): probed again on its own. */ readonly transient?: boolean }
  | { readonly action: 'enable' };

const KEEP: TestVerdict = Object.freeze({ action: 'keep' });

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/**
 * The decision after one test of a test-all run:
 * - an enabled channel with `auto_ban` on is disabled (status 3) when `AutomaticDisableChannelEnabled`
 *   is on and either its answer took longer than `ChannelDisableThreshold`, or it failed in a way
 *   the relay's auto-disable rules hold against the channel (401, a disabling error code or type,
 *   a keyword of `AutomaticDisableKeywords`); a 5xx, an unreachable upstream or a local problem
 *   alone never disables, exactly as on the request path;
 * - an automatically disabled channel (status 3, never a manual 2) that now passes within the
 *   threshold is enabled when `AutomaticEnableChannelEnabled` is on;
 * - anything else is kept as it is.
 */
export function verdictAfterTest(outcome: TestOutcome, channel: TestedChannel, settings: TestAllSettings): TestVerdict {
  const slow = settings.thresholdMs > 0 && outcome.elapsedMs > settings.thresholdMs;
  if (channel.status === ChannelStatus.Enabled) {
    if (!settings.autoDisable.enabled || channel.auto_ban !== 1) return KEEP;
    if (slow) {
      const reason = `response time ${seconds(outcome.elapsedMs)}s exceeds the threshold of ${seconds(settings.thresholdMs)}s`;
      return { action: 'disable', reason, transient: true };
    }
    if (outcome.success || !outcome.failure) return KEEP;
    const verdict = shouldAutoDisable(outcome.failure, { type: channel.type, autoBan: true }, settings.autoDisable);
    return verdict ? { action: 'disable', reason: outcome.message } : KEEP;
  }
  if (channel.status === ChannelStatus.AutoDisabled && settings.autoEnable && outcome.success && !slow) {
    return { action: 'enable' };
  }
  return KEEP;
}

/** The options' typed values and the relay's parsed auto-disable settings. */
export interface TestAllOptionSource {
  value: TypedOptionReader['value'];
  autoDisable(): AutoDisableSettings;
}

/**
 * The current test-all settings. `ChannelDisableThreshold` is seconds (fractions allowed); a
 * value its rule refuses counts as the default, 5.
 */
export function readTestAllSettings(options: TestAllOptionSource): TestAllSettings {
  return {
    thresholdMs: Math.round(options.value('ChannelDisableThreshold') * 1000),
    autoDisable: options.autoDisable(),
    autoEnable: options.value('AutomaticEnableChannelEnabled'),
  };
}
