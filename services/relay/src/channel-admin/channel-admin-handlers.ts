import { CHANNEL_TYPES } from '@modelgate/channel-types';
import { ChannelMessage, type ChannelWriter, channelIdFromText } from '@modelgate/channels';
import type { ChannelAdminServiceDefinition, ChannelFields__Output, EditTagRequest__Output } from '@modelgate/contracts';
import { type Logger, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import { UserRole } from '@modelgate/db';
import type { DataSource } from 'typeorm';
import { type CircuitSource, withCircuit, withCircuits } from './channel-circuits';
import { toChannelMessage } from './channel-message';
import { ChannelQueries } from './channel-queries';
import { type FetchModelsOptions, fetchUpstreamModels } from './fetch-upstream-models';

/** What the channel administration handlers need. */
export interface ChannelAdminDeps {
  dataSource: DataSource;
  /** The channel-writing module: every write goes through it. */
  writer: ChannelWriter;
  /** The outbound address policy upstream model listing goes through. */
  outbound: Pick<OutboundPolicy, 'agent'>;
  /** Where the causes of failed upstream calls are logged. */
  logger?: Logger;
  /** Limits of upstream model listing (tests shorten the timeout). */
  fetchModels?: FetchModelsOptions;
  /** The channels' circuit breakers, shown with every listed or fetched channel. */
  circuits?: CircuitSource;
}

/** Largest page of a listing. */
const MAX_PAGE_SIZE = 1000;
/** Highest page number accepted (keeps offsets far from overflow). */
const MAX_PAGE = 10_000_000;
/** Longest search text. */
const MAX_SEARCH = 255;

/** Repeated int64 ids: malformed ones are refused; the writer checks emptiness and size. */
function channelIdsOf(values: readonly string[]): number[] {
  return values.map(channelIdFromText);
}

/** The fields a message sets; proto3's virtual `_field` markers and unset fields left out. */
function fieldsOf(fields: ChannelFields__Output | null): Record<string, unknown> {
  if (!fields) return {};
  return Object.fromEntries(Object.entries(fields).filter(([name, value]) => !name.startsWith('_') && value !== undefined));
}

function tagEditOf(request: EditTagRequest__Output): Record<string, unknown> {
  const { tag: _tag, ...edit } = request;
  return fieldsOf(edit as ChannelFields__Output);
}

function checkSearchText(value: string, field: string): string {
  const text = value.trim();
  if (text.length > MAX_SEARCH) throw new ValidationError(ChannelMessage.tooLong(field, MAX_SEARCH));
  return text;
}

/** `modelgate.relay.v1.ChannelAdminService`: reads here, writes through `@modelgate/channels`. */
export function createChannelAdminHandlers(deps: ChannelAdminDeps): UnaryServiceImplementation<ChannelAdminServiceDefinition> {
  const queries = new ChannelQueries(deps.dataSource);
  const { writer } = deps;
  const listing: FetchModelsOptions = { logger: deps.logger, ...deps.fetchModels };
  return {
    async ListChannels(request) {
      const { page, page_size: pageSize } = request;
      if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) throw new ValidationError(ChannelMessage.invalidInput('页码无效'));
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
        throw new ValidationError(ChannelMessage.invalidInput(`每页数量必须在 1 到 ${MAX_PAGE_SIZE} 之间`));
      }
      const { entries, total } = await queries.list({
        page,
        pageSize,
        idSort: request.id_sort,
        tagMode: request.tag_mode,
        keyword: checkSearchText(request.keyword, 'keyword'),
        group: checkSearchText(request.group, 'group'),
        model: checkSearchText(request.model, 'model'),
      });
      return { entries: withCircuits(entries, deps.circuits), total };
    },

    async GetChannel(request) {
      const row = await queries.get(channelIdFromText(request.channel_id));
      return { channel: withCircuit(toChannelMessage(row, request.include_key), deps.circuits) };
    },

    async CreateChannels(request) {
      const rows = await writer.create(fieldsOf(request.fields));
      return { channels: rows.map((row) => toChannelMessage(row)) };
    },

    async UpdateChannel(request) {
      // Edge names the caller's role; an unset role (0) is held to the admin's rules.
      const editor = { root: request.caller_role >= UserRole.Root };
      const row = await writer.update(channelIdFromText(request.channel_id), fieldsOf(request.fields), editor);
      return { channel: toChannelMessage(row) };
    },

    async DeleteChannel(request) {
      await writer.delete(channelIdFromText(request.channel_id));
      return {};
    },

    async DeleteChannels(request) {
      return { deleted: await writer.deleteMany(channelIdsOf(request.channel_ids)) };
    },

    async TagChannels(request) {
      return { updated: await writer.tagMany(channelIdsOf(request.channel_ids), request.tag) };
    },

    async EditTag(request) {
      return { updated: await writer.editTag(request.tag, tagEditOf(request)) };
    },

    async SetTagStatus(request) {
      return { updated: await writer.setTagStatus(request.tag, request.enabled) };
    },

    async FixAbilities() {
      return writer.fixAbilities();
    },

    async DeleteDisabledChannels() {
      return { deleted: await writer.deleteDisabled() };
    },

    async ListModels() {
      return { models: await queries.allModels() };
    },

    async ListDefaultModels() {
      return {
        types: CHANNEL_TYPES.map((type) => ({ type: type.id, name: type.name, models: [...type.defaultModels] })),
      };
    },

    async FetchUpstreamModels(request) {
      if (request.channel_id !== '0') {
        const row = await queries.get(channelIdFromText(request.channel_id));
        const stored = { type: row.type, baseUrl: row.base_url ?? '', key: row.key };
        return { models: await fetchUpstreamModels(stored, deps.outbound, listing) };
      }
      const target = { type: request.type, baseUrl: request.base_url, key: request.key };
      return { models: await fetchUpstreamModels(target, deps.outbound, listing) };
    },
  };
}
