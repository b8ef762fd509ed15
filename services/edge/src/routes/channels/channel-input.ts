import type { ChannelFields, EditTagRequest, ListChannelsRequest } from '@modelgate/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { pagingOf } from '../../http/paging';
import { queryFlag, queryValue } from '../../http/query-input';

/**
 * The shapes of the channel-administration requests. Edge checks types and sizes only (so
 * nothing malformed or oversized crosses gRPC); relay's channel-writing module applies the
 * product's rules with the messages of spec §5 "Channels".
 */

/** A whole key field, one key per line on create. */
const MAX_KEY = 1_000_000;
const MAX_TEXT = 65_536;
const MAX_SEARCH = 255;
/** Ids one batch call may name. */
const MAX_IDS = 10_000;

const text = z.string().max(MAX_TEXT).nullish();
const int32 = z.int32().nullish();
/** A comma list, or the list a form keeps (joined with commas). */
const nameList = z.union([z.string().max(MAX_TEXT), z.array(z.string().max(MAX_TEXT)).max(MAX_IDS)]).nullish();

/** `POST /api/channel/` and `PUT /api/channel/`: the channel fields (unknown ones ignored). */
export const channelBody = z.object({
  type: int32,
  name: text,
  key: z.string().max(MAX_KEY).nullish(),
  openai_organization: text,
  test_model: text,
  base_url: text,
  other: text,
  models: nameList,
  group: nameList,
  model_mapping: text,
  status_code_mapping: text,
  setting: text,
  param_override: text,
  priority: z.number().nullish(),
  weight: z.number().nullish(),
  auto_ban: int32,
  status: int32,
  tag: text,
  max_input_tokens: int32,
  max_rpm: int32,
  max_tpm: int32,
  max_concurrency: int32,
});

/** `PUT /api/channel/`: the channel's id plus the fields edited. */
export const updateChannelBody = channelBody.extend({ id: z.int().positive() });

/** `POST /api/channel/batch`: the channels to delete. */
export const batchBody = z.object({ ids: z.array(z.int()).max(MAX_IDS).nullish() });

/** `POST /api/channel/batch/tag`. */
export const batchTagBody = batchBody.extend({ tag: z.string().max(MAX_TEXT).nullish() });

/** `POST /api/channel/tag/enabled|disabled`. */
export const tagBody = z.object({ tag: z.string().max(MAX_TEXT).nullish() });

/** `PUT /api/channel/tag`. */
export const editTagBody = z.object({
  tag: z.string().max(MAX_TEXT).nullish(),
  new_tag: text,
  model_mapping: text,
  models: nameList,
  groups: nameList,
  priority: z.number().nullish(),
  weight: z.number().nullish(),
});

/** `POST /api/channel/fetch_models`. */
export const fetchModelsBody = z.object({
  base_url: text,
  type: int32,
  key: z.string().max(MAX_KEY).nullish(),
});

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
export function tagEditOf(body: z.output<typeof editTagBody>): EditTagRequest {
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
    id_sort: queryFlag(req, 'id_sort'),
    tag_mode: queryFlag(req, 'tag_mode'),
  };
}

/** The filters of `GET /api/channel/search`. */
export function searchQueryOf(req: Request): Pick<ListChannelsRequest, 'keyword' | 'group' | 'model'> {
  return {
    keyword: queryValue(req, 'keyword', MAX_SEARCH) ?? '',
    group: queryValue(req, 'group', MAX_SEARCH) ?? '',
    model: queryValue(req, 'model', MAX_SEARCH) ?? '',
  };
}

/** `?with_key=true` on `GET /api/channel/:id`. */
export function wantsKey(req: Request): boolean {
  return queryFlag(req, 'with_key');
}
