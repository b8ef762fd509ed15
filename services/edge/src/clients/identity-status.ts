import type { IdentityServiceDefinition, PublicStatus__Output } from '@modelgate/contracts';
import type { StatusJson } from '@modelgate/contracts/api';
import type { GrpcClient } from '@modelgate/runtime';
import type { StatusData } from '../status/public-status-cache';

/**
 * Turns identity's public status into `/api/status` data: `chats` is sent as JSON, not as the
 * text it is stored as, and the int64 fields become numbers.
 */
export function toStatusData(status: PublicStatus__Output): StatusJson {
  return {
    ...status,
    chats: parseChats(status.chats),
    start_time: Number(status.start_time),
    min_topup: Number(status.min_topup),
  };
}

function parseChats(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Fetches the public status from identity over gRPC. */
export function fetchPublicStatus(identity: GrpcClient<IdentityServiceDefinition>): () => Promise<StatusData> {
  return async () => {
    const { status } = await identity.call('GetPublicStatus', {});
    if (!status) throw new Error('identity answered GetPublicStatus without a status');
    return toStatusData(status);
  };
}
