// Chat completions with programmed tool calls or reasoning. Kept apart from the plain chat
// answer, which stays as cheap as it was when neither is programmed. Streamed, the reasoning
// comes first (`delta.reasoning_content`), then the content, then each tool call: a delta with
// its index, id, type, name and empty arguments, then its arguments in a few pieces.
import type { Exchange } from '../exchange';
import { argumentPieces, completionPieces, completionText, wordPieces } from '../pieces';
import { sendJson } from '../reply';
import type { FakeBehaviour } from '../types';
import { type ChatUsage, chatUsage, estimateTokens } from '../usage';
import { FINGERPRINT, chatChunkHead, chatFinishChoice, missingMessages, streamChoices } from './text';

/** Whether a chat answer needs this responder rather than the plain one. */
export const hasChatExtras = (b: FakeBehaviour): boolean => b.toolCalls !== undefined || b.reasoning !== undefined;

interface Call {
  id: string;
  name: string;
  args: string;
  pieces: string[];
}

/** A chat completion with tool calls and/or reasoning, whole or streamed. */
export function respondChatExtras(x: Exchange): void {
  const messages = x.body.messages;
  if (!Array.isArray(messages)) return sendJson(x.res, 400, missingMessages);
  const b = x.behaviour;
  const calls: Call[] = (b.toolCalls ?? []).map((call, i) => ({
    id: call.id ?? `call_${x.uid}_${i}`,
    name: call.name,
    args: call.arguments,
    pieces: argumentPieces(call.arguments),
  }));
  const hasText = b.text !== undefined || calls.length === 0;
  const textPieces = hasText ? completionPieces(b) : [];
  const thoughts = b.reasoning === undefined ? [] : wordPieces(b.reasoning);
  const finishReason = b.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  const usage = (): ChatUsage => {
    let estimate = textPieces.length + thoughts.length;
    for (const call of calls) estimate += Math.max(1, call.pieces.length);
    const counted = chatUsage(b, estimateTokens(messages), estimate);
    if (b.reasoning !== undefined) {
      counted.completion_tokens_details = { reasoning_tokens: Math.min(thoughts.length, counted.completion_tokens) };
    }
    return counted;
  };
  const id = `chatcmpl-${x.uid}`;

  if (!x.stream) {
    const message: Record<string, unknown> = {
      role: 'assistant',
      content: hasText ? completionText(b, textPieces) : null,
      refusal: null,
    };
    if (b.reasoning !== undefined) message.reasoning_content = b.reasoning;
    if (calls.length > 0) {
      message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } }));
    }
    return sendJson(x.res, x.status, {
      id,
      object: 'chat.completion',
      created: x.created,
      model: x.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
      usage: b.usage === 'none' ? undefined : usage(),
      system_fingerprint: FINGERPRINT,
    });
  }

  // Each delta as the JSON inside `"delta":{…}`; the role rides on the first.
  const deltas: string[] = [];
  for (const thought of thoughts) deltas.push(`"content":null,"reasoning_content":${JSON.stringify(thought)}`);
  for (const piece of textPieces) deltas.push(`"content":${JSON.stringify(piece)}`);
  calls.forEach((call, index) => {
    const start =
      `{"index":${index},"id":${JSON.stringify(call.id)},"type":"function",` +
      `"function":{"name":${JSON.stringify(call.name)},"arguments":""}}`;
    deltas.push(`${deltas.length === 0 ? '"content":null,' : ''}"tool_calls":[${start}]`);
    for (const piece of call.pieces) {
      deltas.push(`"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(piece)}}}]`);
    }
  });
  const choice = (i: number): string =>
    `{"index":0,"delta":{${i === 0 ? '"role":"assistant",' : ''}${deltas[i]}},"logprobs":null,"finish_reason":null}`;
  streamChoices(x, chatChunkHead(x, id), deltas.length, choice, chatFinishChoice(finishReason), usage);
}
