import {
  CHANNEL_FIELD_NAMES,
  CHANNEL_FIELDS,
  type ChannelFieldName,
  type ChannelFieldSpec,
  type ChannelFieldValues,
} from '@modelgate/channel-types';
import { z } from 'zod';
import { queryFlag, queryString } from './query';

/**
 * `/api/channel/...` (spec §7 "Channels"). The request body is derived from the one field list,
 * `CHANNEL_FIELDS` of `@modelgate/channel-types`, in two strengths: {@link channelBody} with the
 * wire's types and sizes (edge refuses anything else before it crosses gRPC) and
 * {@link channelFieldsInput}, the same fields with their base types only, which the channels
 * library reads before applying the product's rules with their own messages.
 */

/** Ids one batch call may name, and entries one name list may carry. */
export const MAX_CHANNEL_IDS = 10_000;

type Strength = 'wire' | 'loose';

function fieldSchema(spec: ChannelFieldSpec, strength: Strength): z.ZodType {
  const wire = strength === 'wire';
  const text = wire && spec.max !== undefined ? z.string().max(spec.max) : z.string();
  switch (spec.kind) {
    case 'int':
      return (wire ? z.int32() : z.number()).nullish();
    case 'number':
      return z.number().nullish();
    case 'text':
      return text.nullish();
    case 'names':
      return z.union([text, wire ? z.array(text).max(MAX_CHANNEL_IDS) : z.array(text)]).nullish();
  }
}

type FieldShape = {
  [K in ChannelFieldName]: z.ZodOptional<
    z.ZodNullable<
      z.ZodType<(typeof CHANNEL_FIELDS)[K]['kind'] extends 'names' ? string | string[] : ChannelFieldValues[K]>
    >
  >;
};

function shapeOf(strength: Strength): FieldShape {
  const shape: Record<string, z.ZodType> = {};
  for (const name of CHANNEL_FIELD_NAMES) shape[name] = fieldSchema(CHANNEL_FIELDS[name], strength);
  return shape as unknown as FieldShape;
}

/** `POST /api/channel/` and `PUT /api/channel/`: the channel fields (unknown ones ignored). */
export const channelBody = z.object(shapeOf('wire'));
/** The channel fields with their base types only (what the channels library reads). */
export const channelFieldsInput = z.object(shapeOf('loose'));
/** `PUT /api/channel/`: the channel's id plus the fields edited. */
export const updateChannelBody = channelBody.extend({ id: z.int().positive() });

export type ChannelBody = z.input<typeof channelBody>;
export type UpdateChannelBody = z.input<typeof updateChannelBody>;

const MAX_TEXT = CHANNEL_FIELDS.tag.max;
const wireText = z.string().max(MAX_TEXT).nullish();
const nameList = z.union([z.string().max(MAX_TEXT), z.array(z.string().max(MAX_TEXT)).max(MAX_CHANNEL_IDS)]).nullish();

/** `POST /api/channel/batch`: the channels to delete. */
export const channelBatchBody = z.object({ ids: z.array(z.int()).max(MAX_CHANNEL_IDS).nullish() });
/** `POST /api/channel/batch/tag`. */
export const channelBatchTagBody = channelBatchBody.extend({ tag: wireText });
/** `POST /api/channel/tag/enabled|disabled`. */
export const channelTagBody = z.object({ tag: wireText });
/** `PUT /api/channel/tag`. */
export const channelTagEditBody = z.object({
  tag: wireText,
  new_tag: wireText,
  model_mapping: wireText,
  models: nameList,
  groups: nameList,
  priority: z.number().nullish(),
  weight: z.number().nullish(),
});
/** `POST /api/channel/fetch_models`. */
export const fetchModelsBody = z.object({
  base_url: channelBody.shape.base_url,
  type: channelBody.shape.type,
  key: channelBody.shape.key,
});

/** The order of `GET /api/channel/` and `/search` (beside the paging): by id, and tags folded. */
export const channelListQuery = z.object({ id_sort: queryFlag(), tag_mode: queryFlag() });

/** Longest search filter of the channel list. */
const MAX_SEARCH = 255;

/** The filters of `GET /api/channel/search`, sent as typed. */
export const channelSearchQuery = z.object({
  keyword: queryString(MAX_SEARCH),
  group: queryString(MAX_SEARCH),
  model: queryString(MAX_SEARCH),
});

/** `GET /api/channel/:id?with_key=true`: the channel with its key. */
export const channelKeyQuery = z.object({ with_key: queryFlag() });

/** `GET /api/channel/test/:id?model=`: absent means the channel's own choice. */
export const channelTestQuery = z.object({ model: queryString(MAX_SEARCH) });

export type ChannelTagEditBody = z.input<typeof channelTagEditBody>;
export type FetchModelsBody = z.input<typeof fetchModelsBody>;

/** The states of a channel's circuit breaker: open keeps traffic away after failures, half-open lets one probe through. */
export const CIRCUIT_STATES = ['closed', 'open', 'half-open'] as const;

/** A channel's circuit breaker, times in Unix milliseconds. */
export const channelCircuitJson = z.object({
  state: z.enum(CIRCUIT_STATES),
  reason: z.string(),
  since: z.number(),
  retry_at: z.number(),
  consecutive_failures: z.number(),
});

type SecretName = { [K in ChannelFieldName]: (typeof CHANNEL_FIELDS)[K] extends { secret: true } ? K : never }[ChannelFieldName];

type StoredShape = { [K in Exclude<ChannelFieldName, SecretName>]: z.ZodType<ChannelFieldValues[K]> } & {
  [K in SecretName]: z.ZodOptional<z.ZodType<ChannelFieldValues[K]>>;
};

/** The channel fields of a read: a secret one (the key) only when asked for. */
function storedShape(): StoredShape {
  const shape: Record<string, z.ZodType> = {};
  for (const name of CHANNEL_FIELD_NAMES) {
    const spec: ChannelFieldSpec = CHANNEL_FIELDS[name];
    const value = spec.kind === 'int' || spec.kind === 'number' ? z.number() : z.string();
    shape[name] = spec.secret ? value.optional() : value;
  }
  return shape as unknown as StoredShape;
}

/** A channel as `/api` returns it: its fields plus what the gateway keeps of it; the key only on request. */
export const channelJson = z.object({
  ...storedShape(),
  id: z.number(),
  created_time: z.number(),
  test_time: z.number(),
  response_time: z.number(),
  balance: z.number(),
  balance_updated_time: z.number(),
  used_quota: z.number(),
  other_info: z.string(),
  /** `k8s:<namespace>/<name>` when a Kubernetes resource manages the channel; empty otherwise. */
  external_ref: z.string(),
  circuit: channelCircuitJson.nullable(),
});

/** A tag's aggregate row in tag mode: null priority, weight or status when its children differ. */
export const tagGroupJson = z.object({
  tag: z.string(),
  name: z.string(),
  group: z.string(),
  used_quota: z.number(),
  response_time: z.number(),
  priority: z.number().nullable(),
  weight: z.number().nullable(),
  status: z.number().nullable(),
  children: z.array(channelJson),
});

export type ChannelJson = z.infer<typeof channelJson>;
export type ChannelCircuitJson = z.infer<typeof channelCircuitJson>;
export type TagGroupJson = z.infer<typeof tagGroupJson>;

/**
 * `GET /api/channel/test/:id`: on success the model tried and its response time (ms) in `data`;
 * beside the envelope, also on failure, `time`, the seconds the test took.
 */
export const channelTestEnvelope = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ model: z.string(), response_time: z.number() }).optional(),
  time: z.number(),
});

/** `GET /api/channel/test`: how many channels the background run will test. */
export const channelTestAllJson = z.object({ channels: z.number() });

/** `GET /api/channel/update_balance/:id`: the balance read, also beside the envelope as the reference sends it. */
export const channelBalanceEnvelope = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ balance: z.number(), balance_updated_time: z.number() }).optional(),
  balance: z.number().optional(),
});

/** `GET /api/channel/update_balance`: the channels updated, failed, without a balance API, and disabled. */
export const balanceSweepJson = z.object({ updated: z.number(), failed: z.number(), unsupported: z.number(), disabled: z.number() });

export type ChannelTestEnvelope = z.infer<typeof channelTestEnvelope>;
export type ChannelTestAllJson = z.infer<typeof channelTestAllJson>;
export type ChannelBalanceEnvelope = z.infer<typeof channelBalanceEnvelope>;
export type BalanceSweepJson = z.infer<typeof balanceSweepJson>;
