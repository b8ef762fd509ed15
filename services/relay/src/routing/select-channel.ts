import { PermissionDeniedError, UnavailableError, ValidationError } from '@modelgate/runtime';
import type { ChannelSnapshot, ChannelTier, SnapshotChannel } from './channel-snapshot';

/** A source of uniform numbers in [0, 1); `Math.random` in production, seeded in tests. */
export type RandomSource = () => number;

/** One channel pick for a request. */
export interface ChannelRequest {
  /** The routing group: the token's group when set, else the user's. */
  readonly group: string;
  /** The model the client asked for (before any channel's mapping). */
  readonly model: string;
  /** 0 for the first attempt, i for the i-th retry: chooses the tier (see {@link pickChannel}). */
  readonly attempt: number;
  /** Channels already tried for this request; never picked again. */
  readonly tried?: ReadonlySet<number>;
  /** Whether a channel can serve this request at all (its protocol and operation); all when absent. */
  readonly accepts?: (channel: SnapshotChannel) => boolean;
}

/** Reference messages and codes of the selection failures (`middleware/distributor.go`). */
export const SelectionMessages = {
  noChannel: (group: string, model: string) => `当前分组 ${group} 下对于模型 ${model} 无可用渠道`,
  invalidChannelId: '无效的渠道 Id',
  channelDisabled: '该渠道已被禁用',
  /** Ours: the reference sends a pinned request on without checking the model. */
  modelNotServed: (channelId: number, model: string) => `渠道 #${channelId} 不支持模型 ${model}`,
  /** Ours: channels list the model, but none of them can serve this kind of request. */
  requestNotServed: (group: string, model: string) =>
    `当前分组 ${group} 下模型 ${model} 的渠道都无法处理此类请求（model ${model} has no channel in group ${group} that serves this request）`,
  channelCannotServe: (channelId: number) => `渠道 #${channelId} 无法处理此类请求（channel #${channelId} cannot serve this request）`,
} as const;

/**
 * The name a model routes under. Custom GPTs (`gpt-4-gizmo-g-…`, `gpt-4o-gizmo-g-…`) all route
 * under the reference's wildcard names, which is what channels list.
 */
export function routingModelName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}

/** Whether a member may be drawn: not tried yet, and able to serve the request. */
function eligible(channel: SnapshotChannel, request: ChannelRequest): boolean {
  return !request.tried?.has(channel.id) && (request.accepts === undefined || request.accepts(channel));
}

/** Weighted random among a tier's eligible members (weight already smoothed); O(tier size). */
function pickInTier(tier: ChannelTier, request: ChannelRequest, random: RandomSource): SnapshotChannel | undefined {
  let total = 0;
  for (const member of tier.members) if (eligible(member.channel, request)) total += member.weight;
  if (total === 0) return undefined;
  let remaining = Math.floor(random() * total);
  let last: SnapshotChannel | undefined;
  for (const member of tier.members) {
    if (!eligible(member.channel, request)) continue;
    remaining -= member.weight;
    last = member.channel;
    if (remaining < 0) return member.channel;
  }
  return last; // only reached when random() returned 1 or more
}

/**
 * Picks a channel for (group, model), or undefined when none is left. The reference's rule: the
 * attempt number indexes the distinct priorities, highest first (attempt 0 the top tier, retry 1
 * the next, …, clamped to the lowest), and inside the tier each channel is drawn with
 * probability `(weight + 10) / Σ(weight + 10)`. Unlike the reference, channels already tried are
 * excluded; when the indexed tier has none left, the next lower tiers are tried, then the higher
 * ones, so every retry reaches a channel not yet tried while any remains.
 */
export function pickChannel(
  snapshot: ChannelSnapshot,
  request: ChannelRequest,
  random: RandomSource = Math.random,
): SnapshotChannel | undefined {
  const tiers = snapshot.tiers(request.group, routingModelName(request.model));
  if (tiers.length === 0) return undefined;
  const start = Math.min(Math.max(0, request.attempt), tiers.length - 1);
  for (let i = start; i < tiers.length; i++) {
    const picked = pickInTier(tiers[i]!, request, random);
    if (picked) return picked;
  }
  for (let i = start - 1; i >= 0; i--) {
    const picked = pickInTier(tiers[i]!, request, random);
    if (picked) return picked;
  }
  return undefined;
}

/**
 * {@link pickChannel} for the first attempt: no channel is a 503 with the reference's message.
 * (On a retry the pipeline should use `pickChannel` and, when nothing is left, answer with the
 * last upstream failure as the reference does.)
 */
export function selectChannel(
  snapshot: ChannelSnapshot,
  request: ChannelRequest,
  random: RandomSource = Math.random,
): SnapshotChannel {
  const channel = pickChannel(snapshot, request, random);
  if (channel) return channel;
  if (request.accepts && pickChannel(snapshot, { ...request, accepts: undefined }, random)) {
    // Channels serve the model, but none of them this kind of request (embeddings from a Claude channel).
    throw new ValidationError(SelectionMessages.requestNotServed(request.group, request.model), {
      code: 'no_channel_for_request',
      details: { param: 'model' },
    });
  }
  throw new UnavailableError(SelectionMessages.noChannel(request.group, request.model), {
    code: 'no_available_channel',
  });
}

/**
 * The channel an admin pinned with `sk-KEY-CHANNELID`; selection (and retrying) is bypassed.
 * The id must be a decimal number naming a channel (400 otherwise, as the reference), the
 * channel enabled (403) and serving the requested model in any of its groups (400, our rule:
 * pinning is for testing a channel, not for reaching models it does not list). The caller checks
 * that the token's user is an admin.
 */
export function resolvePinnedChannel(
  snapshot: ChannelSnapshot,
  channelId: string,
  model: string,
  accepts?: (channel: SnapshotChannel) => boolean,
): SnapshotChannel {
  const channel = /^\d{1,9}$/.test(channelId) ? snapshot.channel(Number(channelId)) : undefined;
  if (!channel) throw new ValidationError(SelectionMessages.invalidChannelId, { code: 'invalid_channel_id' });
  if (!channel.enabled) {
    throw new PermissionDeniedError(SelectionMessages.channelDisabled, { code: 'channel_disabled' });
  }
  if (!channel.models.has(routingModelName(model))) {
    throw new ValidationError(SelectionMessages.modelNotServed(channel.id, model), {
      code: 'model_not_served_by_channel',
    });
  }
  if (accepts && !accepts(channel)) {
    throw new ValidationError(SelectionMessages.channelCannotServe(channel.id), { code: 'channel_cannot_serve_request' });
  }
  return channel;
}
