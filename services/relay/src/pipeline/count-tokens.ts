import type { ServerResponse } from 'node:http';
import type { RelayRequest } from '../protocols/request';

/**
 * Answers a token count without an upstream (a channel that cannot count: an OpenAI-compatible
 * vendor, Bedrock): the gateway's own count of the prompt, system and tool definitions included,
 * in the shape of the client's protocol (Anthropic's `{input_tokens}`, Gemini's `{totalTokens}`).
 */
export function countTokensLocally(res: ServerResponse, request: RelayRequest): void {
  const tokens = request.summary.promptTokens();
  const payload = JSON.stringify(request.protocol === 'gemini' ? { totalTokens: tokens } : { input_tokens: tokens });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}
