// Chat completions and legacy completions, as one JSON body or as an SSE stream.
import type { Exchange } from '../exchange';
import { invalidRequest } from '../errors';
import { sendJson } from '../reply';
import { writeSse } from '../sse';
import type { FakeBehaviour } from '../types';
import { type ChatUsage, chatUsage, estimateTokens } from '../usage';

/** The completion text when none is programmed. */
export const DEFAULT_TEXT = 'Hello from the fake upstream.';
const DEFAULT_PIECES: readonly string[] = ['Hello', ' from', ' the', ' fake', ' upstream', '.'];
const FINGERPRINT = 'fp_fake';

/**
 * The content chunks of the completion: the programmed or default text split into
 * `behaviour.chunks` even slices, or word by word when no count is programmed. Without a
 * programmed text but with a count, the default words repeat to fill the count.
 */
export function completionPieces(behaviour: FakeBehaviour): readonly string[] {
  const { text, chunks } = behaviour;
  if (text === undefined) {
    if (chunks === undefined) return DEFAULT_PIECES;
    const pieces = new Array<string>(chunks);
    for (let i = 0; i < chunks; i++) pieces[i] = DEFAULT_PIECES[i % DEFAULT_PIECES.length]!;
    return pieces;
  }
  if (chunks === undefined) {
    const words = text.match(/\s*\S+/g);
    if (words === null) return [text];
    const joined = words.join('');
    if (joined.length < text.length) words[words.length - 1] += text.slice(joined.length);
    return words;
  }
  const pieces = new Array<string>(chunks);
  for (let i = 0; i < chunks; i++) {
    pieces[i] = text.slice(Math.floor((i * text.length) / chunks), Math.floor(((i + 1) * text.length) / chunks));
  }
  return pieces;
}

/** Whether a stream carries usage, given the mode and whether the client asked for it. */
const streamUsageWanted = (x: Exchange): boolean => {
  const mode = x.behaviour.usage ?? 'stream';
  return mode === 'always' || (mode !== 'none' && x.includeUsage);
};

function usageFor(x: Exchange, pieces: readonly string[], prompt: unknown): ChatUsage {
  return chatUsage(x.behaviour, estimateTokens(prompt), pieces.length);
}

const missingMessages = invalidRequest(
  "Missing required parameter: 'messages'.",
  'messages',
  'missing_required_parameter',
);

/**
 * Streams `pieces` as chunks `${head}[${choice(piece)}]…}`, then the finish chunk (`finish`
 * being its choice) and, when wanted, usage: on the finish chunk (`final`) or in a chunk of its
 * own with empty `choices`. With `include_usage`, chunks without usage carry `"usage":null`.
 */
function streamPieces(
  x: Exchange,
  head: string,
  pieces: readonly string[],
  choice: (piece: string, first: boolean) => string,
  finish: string,
  prompt: unknown,
): void {
  const usageNull = x.includeUsage ? ',"usage":null' : '';
  const contents = new Array<string>(pieces.length);
  for (let i = 0; i < pieces.length; i++) contents[i] = `${head}[${choice(pieces[i]!, i === 0)}]${usageNull}}`;
  const final = (x.behaviour.usage ?? 'stream') === 'final';
  const usage = streamUsageWanted(x) ? JSON.stringify(usageFor(x, pieces, prompt)) : undefined;
  const finishUsage = usage !== undefined && final ? `,"usage":${usage}` : usageNull;
  const tail = [`${head}[${finish}]${finishUsage}}`];
  if (usage !== undefined && !final) tail.push(`${head}[],"usage":${usage}}`);
  writeSse(x, contents, tail);
}

const wholeText = (x: Exchange, pieces: readonly string[]): string =>
  x.behaviour.text ?? (pieces === DEFAULT_PIECES ? DEFAULT_TEXT : pieces.join(''));

/** Chat completion: `chat.completion` or a stream of `chat.completion.chunk`. */
export function respondChat(x: Exchange): void {
  const messages = x.body.messages;
  if (!Array.isArray(messages)) return sendJson(x.res, 400, missingMessages);
  const pieces = completionPieces(x.behaviour);
  const finishReason = x.behaviour.finishReason ?? 'stop';
  const id = `chatcmpl-${x.uid}`;
  if (!x.stream) {
    const message = { role: 'assistant', content: wholeText(x, pieces), refusal: null };
    return sendJson(x.res, x.status, {
      id,
      object: 'chat.completion',
      created: x.created,
      model: x.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
      usage: x.behaviour.usage === 'none' ? undefined : usageFor(x, pieces, messages),
      system_fingerprint: FINGERPRINT,
    });
  }
  const head =
    `{"id":"${id}","object":"chat.completion.chunk","created":${x.created},` +
    `"model":${JSON.stringify(x.model)},"system_fingerprint":"${FINGERPRINT}","choices":`;
  const choice = (piece: string, first: boolean): string =>
    `{"index":0,"delta":{${first ? '"role":"assistant",' : ''}"content":${JSON.stringify(piece)}},` +
    '"logprobs":null,"finish_reason":null}';
  const finish = `{"index":0,"delta":{},"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}}`;
  streamPieces(x, head, pieces, choice, finish, messages);
}

/** Legacy completion: `text_completion`, whole or streamed. */
export function respondCompletions(x: Exchange): void {
  const pieces = completionPieces(x.behaviour);
  const finishReason = x.behaviour.finishReason ?? 'stop';
  const id = `cmpl-${x.uid}`;
  const prompt = x.body.prompt;
  if (!x.stream) {
    return sendJson(x.res, x.status, {
      id,
      object: 'text_completion',
      created: x.created,
      model: x.model,
      choices: [{ text: wholeText(x, pieces), index: 0, logprobs: null, finish_reason: finishReason }],
      usage: x.behaviour.usage === 'none' ? undefined : usageFor(x, pieces, prompt),
    });
  }
  const head =
    `{"id":"${id}","object":"text_completion","created":${x.created},` +
    `"model":${JSON.stringify(x.model)},"choices":`;
  const choice = (piece: string): string =>
    `{"text":${JSON.stringify(piece)},"index":0,"logprobs":null,"finish_reason":null}`;
  const finish = `{"text":"","index":0,"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}}`;
  streamPieces(x, head, pieces, choice, finish, prompt);
}
