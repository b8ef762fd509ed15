import { NotFoundError, ValidationError } from '@modelgate/runtime';
import { previousResponseIdOf } from '../protocols/responses/inbound';
import type { RelayRequest } from '../protocols/request';
import { type ChannelSnapshot, routingModelName, type SnapshotChannel } from '../routing';
import type { ResponseAffinity, ResponseAffinityStore } from './affinity-store';

/** Why a recorded response cannot be reached: its channel is gone, disabled, or no longer serves the call. */
const CHANNEL_GONE = 'the channel that created it is no longer available';

/** The 400 of a follow-up whose previous response cannot be reached (OpenAI's code for it). */
export function previousResponseNotFound(id: string, reason?: string): ValidationError {
  return new ValidationError(`Previous response with id '${id}' not found${reason ? `: ${reason}` : ''}.`, {
    code: 'previous_response_not_found',
    details: { param: 'previous_response_id' },
  });
}

/** The 404 of a stored response the caller cannot reach (unknown, another user's, or its channel gone). */
export function responseNotFound(id: string, reason?: string): NotFoundError {
  return new NotFoundError(`Response with id '${id}' not found${reason ? `: ${reason}` : ''}.`, { code: 'response_not_found' });
}

/** The channel of a record, when it may still be used. */
function usableChannel(snapshot: ChannelSnapshot, affinity: ResponseAffinity): SnapshotChannel | undefined {
  const channel = snapshot.channel(affinity.channelId);
  return channel && channel.enabled && channel.served ? channel : undefined;
}

/**
 * The channel a Responses follow-up must reach: the one that created its `previous_response_id`
 * for this user. Undefined when the request names none or the gateway has no record of it (it may
 * have been created elsewhere: the call is routed as any other). A record of another user, or of
 * a channel that is gone, disabled or no longer serves the call, is OpenAI's
 * `previous_response_not_found` rather than a random channel's 404; a model that channel does not
 * serve is a 400 naming the model.
 */
export async function followUpChannel(
  request: RelayRequest,
  userId: number,
  store: ResponseAffinityStore | undefined,
  snapshot: ChannelSnapshot,
  serves: (channel: SnapshotChannel) => boolean,
): Promise<SnapshotChannel | undefined> {
  const previous = previousResponseIdOf(request);
  if (previous === undefined || store === undefined) return undefined;
  const affinity = await store.lookup(previous);
  if (!affinity) return undefined;
  if (affinity.userId !== userId) throw previousResponseNotFound(previous);
  const channel = usableChannel(snapshot, affinity);
  if (!channel || !serves(channel)) throw previousResponseNotFound(previous, CHANNEL_GONE);
  const { model } = request.summary;
  if (!channel.models.has(routingModelName(model))) {
    throw new ValidationError(
      `Previous response with id '${previous}' cannot be continued with model '${model}': the channel holding it does not serve that model.`,
      { code: 'previous_response_model_unavailable', details: { param: 'model' } },
    );
  }
  return channel;
}

/**
 * The channel holding a stored response the caller asks about (retrieve, delete, cancel, input
 * items). Without a record there is no model to route by and no owner to check, so an unknown id
 * is a 404, as it would be upstream.
 */
export async function storedResponseChannel(
  id: string,
  userId: number,
  store: ResponseAffinityStore | undefined,
  snapshot: ChannelSnapshot,
): Promise<SnapshotChannel> {
  const affinity = store ? await store.lookup(id) : undefined;
  if (!affinity || affinity.userId !== userId) throw responseNotFound(id);
  const channel = usableChannel(snapshot, affinity);
  if (!channel) throw responseNotFound(id, CHANNEL_GONE);
  return channel;
}
