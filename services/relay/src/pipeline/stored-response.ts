import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { findChannelType } from '@modelgate/channel-types';
import { buildStoredResponseRequest, type StoredResponseCall, supportsOpenAIEndpoint } from '../providers/openai/request';
import { openaiAdapter } from '../providers/openai';
import { responseNotFound, storedResponseChannel } from '../response-affinity/affinity-routing';
import { authenticateCall } from './authenticate-call';
import { CallCancellation } from './call-cancel';
import type { RelayDeps } from './relay-deps';
import { drainOrClose } from './respond';

/** A call on a stored response of the Responses API, as its route names it. */
export interface StoredResponseRequest {
  readonly path: string;
  readonly query?: string;
  readonly responseId: string;
  readonly call: StoredResponseCall;
}

/** Error bodies are read up to this size. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

async function readCapped(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size < MAX_ERROR_BODY_BYTES) chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES);
}

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Retrieve (`GET /v1/responses/{id}`, streamed again with `?stream=true`), delete, cancel and list
 * the input items of a stored response: sent to the channel and key that created it, for the user
 * whose call created it, with the upstream's answer passed through as it comes. Nothing is
 * charged. An id the gateway has no record of, or whose channel is gone, is a 404.
 */
export async function relayStoredResponse(req: IncomingMessage, res: ServerResponse, request: StoredResponseRequest, deps: RelayDeps): Promise<void> {
  const auth = await authenticateCall(req, request.path, deps);
  req.resume();
  const channel = await storedResponseChannel(request.responseId, auth.user.id, deps.responseAffinity, deps.channels.snapshot());
  const type = findChannelType(channel.type);
  if (!type || !supportsOpenAIEndpoint(type, 'responses')) throw responseNotFound(request.responseId);
  const upstream = buildStoredResponseRequest(type, channel.row, request.responseId, request.call, request.query);
  const cancel = new CallCancellation(res);
  try {
    const response = await deps.upstream.send(upstream, cancel, channel);
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const body = await readCapped(response.body as AsyncIterable<Buffer>);
      throw openaiAdapter.mapError(response.statusCode, body, response.headers);
    }
    const contentType = firstOf(response.headers['content-type']) ?? 'application/json';
    const headers: OutgoingHttpHeaders = { 'Content-Type': contentType };
    if (openaiAdapter.isStream(contentType)) Object.assign(headers, { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
    res.writeHead(response.statusCode, headers);
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (!res.write(chunk)) await drainOrClose(res);
      if (res.destroyed) break;
    }
    res.end();
  } finally {
    cancel.done();
  }
}
