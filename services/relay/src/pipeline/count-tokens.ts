import type { ServerResponse } from 'node:http';
import type { RelayRequest } from '../protocols/request';

/**
 * Answers a token count without an upstream (a channel that cannot count: an OpenAI-compatible
 * vendor, Bedrock): the gateway's own count of the prompt, system and tool definitions included,
 * in Anthropic's `{input_tokens}` shape.
 */
export function countTokensLocally(res: ServerResponse, request: RelayRequest): void {
  const payload = JSON.stringify({ input_tokens: request.summary.promptTokens() });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}
