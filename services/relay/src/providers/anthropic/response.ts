import { anthropicErrorOf } from '../../protocols/anthropic/errors';
import { fromAnthropicUsage } from '../../protocols/anthropic/usage';
import type { ResponseSummary } from '../types';

/** A complete Anthropic answer (a Message, or a token count) read for billing. */
export function readAnthropicResponse(body: Uint8Array): ResponseSummary {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return { usage: undefined, error: undefined };
  }
  if (typeof parsed !== 'object' || parsed === null) return { usage: undefined, error: undefined };
  const object = parsed as Record<string, unknown>;
  if (object['type'] === 'error') return { usage: undefined, error: anthropicErrorOf(502, object) };
  return { usage: fromAnthropicUsage(object['usage']), error: undefined };
}
