import { ChannelEntity, ChannelSource, ChannelStatus } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { ChannelMessage } from './channel-messages';
import { ChannelWriter } from './channel-writer';
import { desiredChannelConfig } from './input/channel-config';
import { ChannelLimits } from './input/channel-fields';
import { rebuildAbilities } from './store/abilities';
import { configOf } from './store/channel-rows';

/** A Kubernetes object name or namespace (RFC 1123 subdomain). */
const K8S_NAME = '[a-z0-9]([-a-z0-9.]*[a-z0-9])?';
const K8S_REF = new RegExp(`^k8s:${K8S_NAME}/${K8S_NAME}$`);

/** The `external_ref` of the channel a Kubernetes `Channel` resource manages. */
export function kubernetesRef(namespace: string, name: string): string {
  return checkExternalRef(`k8s:${namespace}/${name}`);
}

/** Refuses a reference that is not `k8s:<namespace>/<name>`. */
export function checkExternalRef(ref: unknown): string {
  if (typeof ref !== 'string' || ref.length > ChannelLimits.name || !K8S_REF.test(ref)) {
    throw new ValidationError(ChannelMessage.externalRefInvalid, { code: 'invalid_external_ref' });
  }
  return ref;
}

/** What {@link ExternalChannelWriter.upsertExternal} may be told besides the fields. */
export interface ExternalSyncOptions {
  /**
   * The resource's wish: false disables the channel (status 2); true enables a channel that is
   * disabled (2) — an automatically disabled one (3) stays so until it is tested or enabled by
   * hand. Absent: a new channel is enabled, an existing one keeps its status (the console may
   * enable or disable it).
   */
  enabled?: boolean;
}

/** The outcome of syncing one resource. */
export interface ExternalSyncResult {
  channel: ChannelEntity;
  created: boolean;
  /** False when the stored row already matched the resource (nothing written or announced). */
  changed: boolean;
}

/**
 * The operator's entry point: channels identified by an external reference (`k8s:<ns>/<name>`),
 * written declaratively — the resource states the whole configuration, what it leaves out takes
 * the default — through the same validation, transaction and change event as the console's
 * writes. Runtime columns (response time, balance, used quota, test times) are never touched.
 */
export class ExternalChannelWriter extends ChannelWriter {
  /** Creates or replaces the configuration of the channel `ref` names. */
  async upsertExternal(ref: string, fields: unknown, options: ExternalSyncOptions = {}): Promise<ExternalSyncResult> {
    const externalRef = checkExternalRef(ref);
    const desired = desiredChannelConfig(fields);
    const createdTime = this.now();
    return this.write<ExternalSyncResult>('external-synced', async (manager) => {
      const repository = manager.getRepository(ChannelEntity);
      let row = await repository.findOne({ where: { external_ref: externalRef }, lock: { mode: 'pessimistic_write' } });
      if (!row) {
        const status = options.enabled === false ? ChannelStatus.ManuallyDisabled : ChannelStatus.Enabled;
        const inserted = await repository
          .createQueryBuilder()
          .insert()
          .values({ ...desired, status, created_time: createdTime, source: ChannelSource.Kubernetes, external_ref: externalRef })
          .orIgnore()
          .execute();
        const id = inserted.identifiers[0]?.id as number | undefined;
        if (id !== undefined) {
          await rebuildAbilities(manager, [Number(id)]);
          const channel = await repository.findOneByOrFail({ id: Number(id) });
          return { channelIds: [channel.id], result: { channel, created: true, changed: true } };
        }
        // Another writer created it between our read and insert: update that row instead.
        row = await repository.findOneOrFail({ where: { external_ref: externalRef }, lock: { mode: 'pessimistic_write' } });
      }
      const current = configOf(row);
      const status = statusAfterSync(row.status, options.enabled);
      const next = { ...desired, status };
      const changed = (Object.keys(next) as Array<keyof typeof next>).filter((field) => next[field] !== current[field]);
      if (changed.length === 0) return { channelIds: [], result: { channel: row, created: false, changed: false } };
      await repository.update({ id: row.id }, next);
      await rebuildAbilities(manager, [row.id]);
      return { channelIds: [row.id], result: { channel: { ...row, ...next }, created: false, changed: true } };
    });
  }

  /** Deletes the channel `ref` names; false when there is none. */
  async deleteExternal(ref: string): Promise<boolean> {
    const externalRef = checkExternalRef(ref);
    return this.write('external-deleted', async (manager) => {
      const rows: Array<{ id: number }> = await manager.query(
        `SELECT id FROM channels WHERE external_ref = $1 FOR UPDATE`,
        [externalRef],
      );
      if (rows.length > 0) await manager.getRepository(ChannelEntity).delete({ external_ref: externalRef });
      const ids = rows.map((row) => row.id);
      await rebuildAbilities(manager, ids);
      return { channelIds: ids, result: ids.length > 0 };
    });
  }

  /** Every externally managed channel's reference and id (the operator's view of what exists). */
  async listExternal(): Promise<Array<{ id: number; external_ref: string }>> {
    const rows: Array<{ id: number; external_ref: string }> = await this.deps.dataSource.query(
      `SELECT id, external_ref FROM channels WHERE external_ref IS NOT NULL ORDER BY id`,
    );
    return rows;
  }
}

/** The status a sync leaves: see {@link ExternalSyncOptions.enabled}. */
function statusAfterSync(current: number, enabled: boolean | undefined): number {
  if (enabled === false) return ChannelStatus.ManuallyDisabled;
  if (enabled === true && current === ChannelStatus.ManuallyDisabled) return ChannelStatus.Enabled;
  return current;
}
