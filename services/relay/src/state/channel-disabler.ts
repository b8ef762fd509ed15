import type { MessageBus } from '@modelgate/contracts/bus';
import { ChannelStatus } from '@modelgate/db';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { ChannelStore } from './channel-store';

/** What {@link createChannelDisabler} needs. */
export interface ChannelDisablerDeps {
  dataSource: DataSource;
  bus: MessageBus;
  /** Takes the channel out of this replica's routing before the event comes back. */
  store: Pick<ChannelStore, 'markDisabled'>;
  logger: Logger;
  /** Told of each status this disabler changed (metrics). */
  events?: { disabled(channelId: number): void; enabled(channelId: number): void };
}

/** How a channel is disabled. */
export interface DisableOptions {
  /**
   * The cause may pass (a slow answer), unlike a rejected key: recorded as `status_transient` in
   * `other_info`, so the relay probes the channel on its own and enables it again once it answers.
   */
  readonly transient?: boolean;
}

/** Disables channels after upstream failures (status 3, "automatically disabled"). */
export interface ChannelDisabler {
  /**
   * Disables an enabled channel, recording `reason` in its `other_info`. Resolves true only for
   * the call that changed the status: false when the channel was not enabled (already disabled,
   * deleted) or when another call for the same channel was already doing it. Rejects when the
   * database write or the change event failed; in the latter case the channel is disabled in the
   * database and on this replica, and the others pick it up on their periodic reload.
   */
  disable(channelId: number, reason: string, options?: DisableOptions): Promise<boolean>;
  /**
   * Re-enables a channel that was disabled automatically (status 3): status 1, `status_reason`
   * removed from its `other_info` (`status_time` set to now) and its abilities enabled, in one
   * transaction, then the change event. Resolves true only for the call that changed the status;
   * a channel disabled by hand (status 2), already enabled or deleted is left alone (false).
   * Rejects like `disable`.
   */
  enable(channelId: number): Promise<boolean>;
}

/**
 * `other_info` with `status_reason` and `status_time` (unix seconds) set, other keys kept. The
 * column is free text: anything that is not a JSON object is replaced by a fresh object.
 */
export function withStatusInfo(otherInfo: string | null | undefined, reason: string, nowSeconds: number, transient = false): string {
  let info: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(otherInfo ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) info = parsed as Record<string, unknown>;
  } catch {
    // Empty or not JSON: start over.
  }
  const { status_transient: _previous, ...rest } = info;
  return JSON.stringify({ ...rest, status_reason: reason, status_time: nowSeconds, ...(transient ? { status_transient: true } : {}) });
}

/**
 * `other_info` without `status_reason` and with `status_time` set (unix seconds), other keys
 * kept; anything that is not a JSON object is replaced by a fresh object.
 */
export function withoutStatusReason(otherInfo: string | null | undefined, nowSeconds: number): string {
  const info = JSON.parse(withStatusInfo(otherInfo, '', nowSeconds)) as Record<string, unknown>;
  delete info.status_reason;
  delete info.status_transient;
  return JSON.stringify(info);
}

/**
 * Creates the auto-disable writer. The channel row and its abilities change in one transaction,
 * guarded by `status = 1` and a row lock, so of several replicas disabling the same channel
 * exactly one records its reason. On this replica, concurrent calls for one channel (a burst of
 * failing requests) share a single write.
 */
export function createChannelDisabler(deps: ChannelDisablerDeps): ChannelDisabler {
  const inflight = new Map<number, Promise<boolean>>();

  const write = async (channelId: number, reason: string, transient: boolean): Promise<boolean> => {
    const changed = await deps.dataSource.transaction(async (manager) => {
      const rows: Array<{ other_info: string | null }> = await manager.query(
        'SELECT other_info FROM channels WHERE id = $1 AND status = $2 FOR UPDATE',
        [channelId, ChannelStatus.Enabled],
      );
      if (rows.length === 0) return false;
      const otherInfo = withStatusInfo(rows[0]!.other_info, reason, Math.floor(Date.now() / 1000), transient);
      await manager.query('UPDATE channels SET status = $2, other_info = $3 WHERE id = $1', [
        channelId,
        ChannelStatus.AutoDisabled,
        otherInfo,
      ]);
      await manager.query('UPDATE abilities SET enabled = false WHERE channel_id = $1', [channelId]);
      return true;
    });
    if (!changed) return false;
    deps.store.markDisabled(channelId);
    deps.events?.disabled(channelId);
    deps.logger.warn({ channelId, reason }, 'channel disabled automatically');
    await deps.bus.publish('modelgate.evt.config.channel.changed', { channelIds: [channelId], reason: 'auto-disabled' });
    return true;
  };

  const writeEnable = async (channelId: number): Promise<boolean> => {
    const changed = await deps.dataSource.transaction(async (manager) => {
      const rows: Array<{ other_info: string | null }> = await manager.query(
        'SELECT other_info FROM channels WHERE id = $1 AND status = $2 FOR UPDATE',
        [channelId, ChannelStatus.AutoDisabled],
      );
      if (rows.length === 0) return false;
      const otherInfo = withoutStatusReason(rows[0]!.other_info, Math.floor(Date.now() / 1000));
      await manager.query('UPDATE channels SET status = $2, other_info = $3 WHERE id = $1', [
        channelId,
        ChannelStatus.Enabled,
        otherInfo,
      ]);
      await manager.query('UPDATE abilities SET enabled = true WHERE channel_id = $1', [channelId]);
      return true;
    });
    if (!changed) return false;
    deps.events?.enabled(channelId);
    deps.logger.info({ channelId }, 'channel enabled automatically');
    await deps.bus.publish('modelgate.evt.config.channel.changed', { channelIds: [channelId], reason: 'auto-enabled' });
    return true;
  };

  return {
    enable: writeEnable,
    disable(channelId, reason, options) {
      const running = inflight.get(channelId);
      if (running) return running.then(() => false);
      const started = write(channelId, reason, options?.transient === true).finally(() => inflight.delete(channelId));
      inflight.set(channelId, started);
      return started;
    },
  };
}
