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

const joined = (value: string | string[]) => (typeof value === 'string' ? value : value.join(','));

/** The fields a body sets, in the proto's shape (absent and null fields left unset). */
export function channelFieldsOf(body: z.output<typeof channelBody>): ChannelFields {
  const fields: ChannelFields = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined || name === 'id') continue;
    (fields as Record<string, unknown>)[name] = Array.isArray(value) ? joined(value) : value;
  }
  return fields;
}

/** A tag edit in the proto's shape. */
export function tagEditOf(body: z.output<typeof channelTagEditBody>): EditTagRequest {
  const request: EditTagRequest = { tag: body.tag ?? '' };
  if (body.new_tag !== null && body.new_tag !== undefined) request.new_tag = body.new_tag;
  if (body.model_mapping !== null && body.model_mapping !== undefined) request.model_mapping = body.model_mapping;
  if (body.models !== null && body.models !== undefined) request.models = joined(body.models);
  if (body.groups !== null && body.groups !== undefined) request.groups = joined(body.groups);
  if (body.priority !== null && body.priority !== undefined) request.priority = body.priority;
  if (body.weight !== null && body.weight !== undefined) request.weight = body.weight;
  return request;
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
