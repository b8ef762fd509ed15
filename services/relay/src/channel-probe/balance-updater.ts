import { ChannelStatus } from '@modelgate/db';
import { type Logger, NotFoundError, PreconditionFailedError } from '@modelgate/runtime';
import { isOutboundRefusal, OUTBOUND_REFUSED_MESSAGE } from '@modelgate/runtime/outbound';
import type { UpstreamClient } from '../pipeline/upstream-client';
import { findChannelType } from '@modelgate/channel-types';
import type { AutoDisableSettings } from '../routing/retry-policy';
import type { ChannelDisabler } from '../state/channel-disabler';
import { createGetJson } from './balance/balance-http';
import { balanceBaseUrl, balanceReaderFor } from './balance/balance-readers';
import type { ProbeChannel, ProbeStore } from './probe-store';

/** Channels read at once by an update of every balance. */
export const BALANCE_CONCURRENCY = 4;

/** What the balance updater needs. */
export interface BalanceUpdaterDeps {
  readonly store: ProbeStore;
  readonly upstream: Pick<UpstreamClient, 'get'>;
  /** The longest one provider call may take. */
  readonly timeoutMs: number;
  readonly options: { autoDisable(): AutoDisableSettings };
  readonly disabler: Pick<ChannelDisabler, 'disable'>;
  readonly logger: Logger;
}

/** A balance read and stored. */
export interface BalanceRead {
  readonly balance: number;
  /** Unix seconds. */
  readonly updatedAt: number;
}

/** What an update of every balance did. */
export interface BalanceSweep {
  readonly updated: number;
  readonly failed: number;
  readonly unsupported: number;
  readonly disabled: number;
}

/** `other_info.status_reason` of a channel disabled for an empty balance. */
export const INSUFFICIENT_BALANCE_REASON = 'insufficient balance';

/**
 * The failure of a balance read as the caller sees it: a refusal carrying the provider's words,
 * or the generic text of an address the outbound policy refused or an upstream that did not answer.
 */
function readFailure(error: unknown): PreconditionFailedError {
  const detail = isOutboundRefusal(error) ? OUTBOUND_REFUSED_MESSAGE : error instanceof Error ? error.message : String(error);
  return new PreconditionFailedError(`balance query failed: ${detail}`, { code: 'balance_query_failed', cause: error });
}

/**
 * Reads channels' balances from their providers and stores them (`balance`,
 * `balance_updated_time`). Which types have a balance API is decided in one place
 * ({@link balanceReaderFor}); the others are refused before any call.
 */
export class BalanceUpdater {
  private sweep: Promise<BalanceSweep> | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: BalanceUpdaterDeps) {}

  /**
   * Reads one channel's balance, any status. Rejects with `NotFoundError` for no such channel,
   * `PreconditionFailedError` when its type has no balance API or the provider call failed
   * (with the provider's message), and rethrows an abort of `signal`.
   */
  async updateOne(channelId: number, signal: AbortSignal): Promise<BalanceRead> {
    const channel = await this.deps.store.find(channelId);
    if (!channel) throw new NotFoundError('channel not found', { code: 'channel_not_found' });
    return this.read(channel, signal);
  }

  /**
   * Reads the balance of every enabled channel whose type has a balance API, a few at a time,
   * and resolves when all are done. A read of zero or less disables the channel (status 3) when
   * `AutomaticDisableChannelEnabled` and its `auto_ban` are on. Calls made during a run share it.
   */
  updateAll(): Promise<BalanceSweep> {
    this.sweep ??= this.readAll().finally(() => {
      this.sweep = undefined;
    });
    return this.sweep;
  }

  /** Abandons the provider calls of a run in progress and waits for it to end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.sweep?.catch(() => undefined);
  }

  private async read(channel: ProbeChannel, signal: AbortSignal): Promise<BalanceRead> {
    const type = findChannelType(channel.type);
    const reader = balanceReaderFor(channel.type);
    if (!type || !reader) {
      const name = type ? ` (${type.name})` : '';
      throw new PreconditionFailedError(`balance query is not supported for channel type ${channel.type}${name}`, {
        code: 'balance_not_supported',
      });
    }
    const baseUrl = balanceBaseUrl(channel, type);
    if (!baseUrl || !URL.canParse(baseUrl)) {
      throw new PreconditionFailedError(`channel #${channel.id} has no usable base URL`, { code: 'channel_misconfigured' });
    }
    let balance: number;
    try {
      balance = await reader({
        channel,
        baseUrl,
        auth: { Authorization: `Bearer ${channel.key.trim()}` },
        getJson: createGetJson(this.deps, signal),
        now: new Date(),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw readFailure(error);
    }
    const updatedAt = Math.floor(Date.now() / 1000);
    await this.deps.store.recordBalance(channel.id, balance, updatedAt);
    return { balance, updatedAt };
  }

  private async readAll(): Promise<BalanceSweep> {
    const channels = await this.deps.store.enabled();
    const supported = channels.filter((channel) => balanceReaderFor(channel.type));
    const counts = { updated: 0, failed: 0, unsupported: channels.length - supported.length, disabled: 0 };
    let next = 0;
    const worker = async () => {
      while (next < supported.length && !this.stopping.signal.aborted) {
        const channel = supported[next++]!;
        try {
          const { balance } = await this.read(channel, this.stopping.signal);
          counts.updated++;
          if (balance <= 0 && (await this.disableIfAllowed(channel))) counts.disabled++;
        } catch (err) {
          if (this.stopping.signal.aborted) return;
          counts.failed++;
          this.deps.logger.warn({ err, channelId: channel.id }, 'channel balance could not be read');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BALANCE_CONCURRENCY, supported.length) }, worker));
    this.deps.logger.info(counts, 'channel balances updated');
    return counts;
  }

  private async disableIfAllowed(channel: ProbeChannel): Promise<boolean> {
    if (!this.deps.options.autoDisable().enabled || channel.auto_ban !== 1 || channel.status !== ChannelStatus.Enabled) {
      return false;
    }
    return this.deps.disabler.disable(channel.id, INSUFFICIENT_BALANCE_REASON);
  }
}
