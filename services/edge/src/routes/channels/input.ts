import { CHANNEL_FIELD_NAMES } from '@modelgate/channel-types';
import type { ChannelFields, EditTagRequest, ListChannelsRequest } from '@modelgate/contracts';
import type { Request } from 'express';
import { type channelBody, channelKeyQuery, channelListQuery, channelSearchQuery, type channelTagEditBody } from '@modelgate/contracts/api';
import type { z } from 'zod';
import { pagingOf } from '../../http/paging';
import { parseQuery } from '../../http/query-input';

/**
 * The shapes of the channel-administration requests. Edge checks types and sizes only (so
 * nothing malformed or oversized crosses gRPC); relay's channel-writing module applies the
 * product's rules with the messages of spec §5 "Channels".
 */

/** The request bodies, declared once in the `/api` contract from the channel field list. */
export {
  channelBatchBody as batchBody,
  channelBatchTagBody as batchTagBody,
  channelBody,
  channelTagBody as tagBody,
  channelTagEditBody as editTagBody,
  fetchModelsBody,
  updateChannelBody,
} from '@modelgate/contracts/api';

const joined = (value: string | readonly string[]) => (typeof value === 'string' ? value : value.join(','));

/** A body's value in the proto's shape: name lists comma-joined; undefined when absent or null. */
function wireValue<T>(value: T | readonly string[] | null | undefined): T | string | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? joined(value) : (value as T);
}

/** The channel fields a body sets, in the proto's shape (absent and null fields left unset). */
export function channelFieldsOf(body: z.output<typeof channelBody>): ChannelFields {
  const fields: Record<string, unknown> = {};
  for (const name of CHANNEL_FIELD_NAMES) {
    const value = wireValue(body[name]);
    if (value !== undefined) fields[name] = value;
  }
  return fields as ChannelFields;
}

/** A tag edit in the proto's shape (absent and null fields left unset). */
export function tagEditOf(body: z.output<typeof channelTagEditBody>): EditTagRequest {
  const { tag, ...edit } = body;
  const request: Record<string, unknown> = { tag: tag ?? '' };
  for (const [name, raw] of Object.entries(edit)) {
    const value = wireValue(raw);
    if (value !== undefined) request[name] = value;
  }
  return request as EditTagRequest;
}

/**
 * Paging and order of the channel list (`p`, `page_size`, `id_sort`, `tag_mode`): pages are
 * 0-based as in the reference, the size defaults to 10 and is capped at 100 (see `pagingOf`).
 */
export function listQueryOf(req: Request): ListChannelsRequest {
  return {
    ...pagingOf(req),
    ...parseQuery(channelListQuery, req),
  };
}

/** The filters of `GET /api/channel/search`. */
export function searchQueryOf(req: Request): Pick<ListChannelsRequest, 'keyword' | 'group' | 'model'> {
  return parseQuery(channelSearchQuery, req);
}

/** `?with_key=true` on `GET /api/channel/:id`. */
export function wantsKey(req: Request): boolean {
  return parseQuery(channelKeyQuery, req).with_key;
}
