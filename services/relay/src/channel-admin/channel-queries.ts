import { catalogueModels } from '@modelgate/channel-types';
import { ChannelLimits, ChannelMessage, splitNameList } from '@modelgate/channels';
import type { ChannelListEntry } from '@modelgate/contracts';
import { ChannelEntity } from '@modelgate/db';
import { NotFoundError } from '@modelgate/runtime';
import { type DataSource, In } from 'typeorm';
import { toChannelMessage, toTagGroup } from './channel-message';

/** What a listing asks for. */
export interface ChannelListQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  idSort: boolean;
  tagMode: boolean;
  keyword: string;
  group: string;
  model: string;
}

/** A WHERE clause over `channels` (alias `c`) with its positional parameters. */
interface Filter {
  sql: string;
  parameters: unknown[];
}

/**
 * The search filters (reference: id equals the keyword, name contains it, or key equals it;
 * the model list contains the model text; the group list holds the group). Matching uses
 * `strpos`, so `%` and `_` in the input are plain characters.
 */
function filterOf(query: ChannelListQuery): Filter {
  const clauses: string[] = [];
  const parameters: unknown[] = [];
  const param = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  if (query.keyword !== '') {
    const keyword = param(query.keyword);
    const alternatives = [`strpos(lower(c.name), lower(${keyword})) > 0`, `c.key = ${keyword}`];
    if (/^\d{1,10}$/.test(query.keyword) && Number(query.keyword) <= ChannelLimits.maxInt32) {
      alternatives.unshift(`c.id = ${param(Number(query.keyword))}`);
    }
    clauses.push(`(${alternatives.join(' OR ')})`);
  }
  if (query.group !== '') {
    clauses.push(`strpos(',' || replace(c."group", ' ', '') || ',', ',' || ${param(query.group)} || ',') > 0`);
  }
  if (query.model !== '') clauses.push(`strpos(c.models, ${param(query.model)}) > 0`);
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'TRUE', parameters };
}

/** The list's order: newest first with `id_sort`, else highest priority first, then newest. */
function orderOf(idSort: boolean, alias = 'c'): string {
  return idSort ? `${alias}.id DESC` : `${alias}.priority DESC, ${alias}.id DESC`;
}

/** Channel list and search reads for the admin API (keys are never part of a listing). */
export class ChannelQueries {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of entries and the number of entries matching on every page. */
  async list(query: ChannelListQuery): Promise<{ entries: ChannelListEntry[]; total: number }> {
    return query.tagMode ? this.listByTag(query) : this.listChannels(query);
  }

  /** One channel; NotFound when there is none. */
  async get(id: number): Promise<ChannelEntity> {
    const row = await this.dataSource.getRepository(ChannelEntity).findOneBy({ id });
    if (!row) throw new NotFoundError(ChannelMessage.channelNotFound, { code: 'channel_not_found' });
    return row;
  }

  /** The catalogue's default models of every type plus every model a channel lists, sorted. */
  async allModels(): Promise<string[]> {
    const rows: Array<{ models: string }> = await this.dataSource.query(`SELECT DISTINCT models FROM channels`);
    const models = new Set(catalogueModels());
    for (const row of rows) for (const model of splitNameList(row.models)) models.add(model);
    return [...models].sort();
  }

  private async listChannels(query: ChannelListQuery): Promise<{ entries: ChannelListEntry[]; total: number }> {
    const filter = filterOf(query);
    const n = filter.parameters.length;
    const rows: Array<{ id: number; total: string }> = await this.dataSource.query(
      `SELECT c.id, count(*) OVER () AS total FROM channels c WHERE ${filter.sql}
        ORDER BY ${orderOf(query.idSort)} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...filter.parameters, query.pageSize, query.page * query.pageSize],
    );
    const channels = await this.channelsByIds(rows.map((row) => row.id), query.idSort);
    return {
      entries: channels.map((channel) => ({ channel: toChannelMessage(channel) })),
      total: await this.totalOf(rows, filter, `SELECT count(*) AS n FROM channels c WHERE ${filter.sql}`),
    };
  }

  /**
   * Tag mode: every tag among the matching channels is one entry (with all the tag's channels
   * as children), every untagged matching channel an entry of its own; entries are ordered like
   * channels, a tag by its highest priority and newest channel.
   */
  private async listByTag(query: ChannelListQuery): Promise<{ entries: ChannelListEntry[]; total: number }> {
    const filter = filterOf(query);
    const n = filter.parameters.length;
    const entriesSql = `
      WITH matched AS (SELECT c.id, c.priority, NULLIF(c.tag, '') AS tag FROM channels c WHERE ${filter.sql}),
      entries AS (
        SELECT tag, NULL::int AS id, max(priority) AS priority, max(id) AS newest FROM matched WHERE tag IS NOT NULL GROUP BY tag
        UNION ALL
        SELECT NULL, id, priority, id FROM matched WHERE tag IS NULL
      )`;
    const order = query.idSort ? 'e.newest DESC, e.tag' : 'e.priority DESC, e.newest DESC, e.tag';
    const rows: Array<{ tag: string | null; id: number | null; total: string }> = await this.dataSource.query(
      `${entriesSql} SELECT e.tag, e.id, count(*) OVER () AS total FROM entries e ORDER BY ${order}
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...filter.parameters, query.pageSize, query.page * query.pageSize],
    );
    const tags = rows.flatMap((row) => (row.tag === null ? [] : [row.tag]));
    const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
    const repository = this.dataSource.getRepository(ChannelEntity);
    const [untagged, tagged] = await Promise.all([
      this.channelsByIds(ids, query.idSort),
      tags.length === 0 ? [] : repository.find({ where: { tag: In(tags) }, order: this.entityOrder(query.idSort) }),
    ]);
    const byId = new Map(untagged.map((channel) => [channel.id, channel]));
    const byTag = new Map<string, ChannelEntity[]>();
    for (const channel of tagged) {
      const children = byTag.get(channel.tag!) ?? [];
      children.push(channel);
      byTag.set(channel.tag!, children);
    }
    const entries: ChannelListEntry[] = [];
    for (const row of rows) {
      if (row.tag !== null) entries.push({ tag_group: toTagGroup(row.tag, byTag.get(row.tag) ?? []) });
      else if (row.id !== null && byId.has(row.id)) entries.push({ channel: toChannelMessage(byId.get(row.id)!) });
    }
    return { entries, total: await this.totalOf(rows, filter, `${entriesSql} SELECT count(*) AS n FROM entries`) };
  }

  /** The window's total, or (for a page past the end) a count of its own. */
  private async totalOf(rows: ReadonlyArray<{ total: string }>, filter: Filter, countSql: string): Promise<number> {
    if (rows.length > 0) return Number(rows[0]!.total);
    const [count] = (await this.dataSource.query(countSql, filter.parameters)) as Array<{ n: string }>;
    return Number(count?.n ?? 0);
  }

  private channelsByIds(ids: number[], idSort: boolean): Promise<ChannelEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(ChannelEntity).find({ where: { id: In(ids) }, order: this.entityOrder(idSort) });
  }

  private entityOrder(idSort: boolean) {
    return idSort ? { id: 'DESC' as const } : { priority: 'DESC' as const, id: 'DESC' as const };
  }
}
