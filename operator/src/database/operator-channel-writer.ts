/**
 * The channel-writing module's external entry point plus the one operation the operator needs that
 * it lacks: handing a channel over to the console (deletion policies Disable and Orphan). Same
 * rules as every write: the row and its abilities in one transaction, then the change event.
 */
import { ExternalChannelWriter, rebuildAbilities } from '@modelgate/channels';
import { ChannelSource, ChannelStatus } from '@modelgate/db';

export interface ReleaseOptions {
  /** Also disable the channel (status 2), as deletion policy Disable asks. */
  disable: boolean;
}

export class OperatorChannelWriter extends ExternalChannelWriter {
  /**
   * Turns the channel `ref` names into a console channel: `external_ref` cleared, `source` console,
   * optionally disabled. Returns its id, or undefined when there is none.
   */
  async releaseExternal(ref: string, options: ReleaseOptions): Promise<number | undefined> {
    return this.write('updated', async (manager) => {
      const rows: Array<{ id: number; status: number }> = await manager.query(`SELECT id, status FROM channels WHERE external_ref = $1 FOR UPDATE`, [ref]);
      const row = rows[0];
      if (!row) return { channelIds: [], result: undefined };
      const status = options.disable ? ChannelStatus.ManuallyDisabled : row.status;
      await manager.query(`UPDATE channels SET external_ref = NULL, source = $2, status = $3 WHERE id = $1`, [row.id, ChannelSource.Console, status]);
      if (status !== row.status) await rebuildAbilities(manager, [row.id]);
      return { channelIds: [row.id], result: row.id };
    });
  }
}
