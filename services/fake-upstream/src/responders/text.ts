// Chat completions and legacy completions, as one JSON body or as an SSE stream.
import type { Exchange } from '../exchange';
import { invalidRequest, openAiStreamError } from '../errors';
import { completionPieces, completionText } from '../pieces';
import { sendJson } from '../reply';
import { DONE, SSE_HEADERS, sseData } from '../sse';
import { writeStream } from '../stream-writer';
import { type ChatUsage, chatUsage, estimateTokens } from '../usage';

export { DEFAULT_TEXT, completionPieces } from '../pieces';

/** The `system_fingerprint` of chat answers. */
export const FINGERPRINT = 'fp_fake';

/** Whether a stream carries usage, given the mode and whether the client asked for it. */
const streamUsageWanted = (x: Exchange): boolean => {
  const mode = x.behaviour.usage ?? 'stream';
  return mode === 'always' || (mode !== 'none' && x.includeUsage);
};

function usageFor(x: Exchange, pieces: readonly string[], prompt: unknown): ChatUsage {
  return chatUsage(x.behaviour, estimateTokens(prompt), pieces.length);
}

/** The 400 answer to a chat request without `messages`. */
export const missingMessages = invalidRequest(
  "Missing required parameter: 'messages'.",
  'messages',
  'missing_required_parameter',
);

/**
 * Streams `count` chunks `${head}[${choice(i)}]…}`, then the finish chunk (`finish` being its
 * choice) and, when wanted, usage: on the finish chunk (`final`) or in a chunk of its own with
 * empty `choices`. With `include_usage`, chunks without usage carry `"usage":null`. With
 * `streamErrorAfter`, an error event follows that many chunks and the stream ends there.
 */
export function streamChoices(
  x: Exchange,
  head: string,
  count: number,
  choice: (i: number) => string,
  finish: string,
  usage: () => ChatUsage,
): void {
  const usageNull = x.includeUsage ? ',"usage":null' : '';
  const contents = new Array<string>(count);
  for (let i = 0; i < count; i++) contents[i] = `data: ${head}[${choice(i)}]${usageNull}}\n\n`;
  const final = (x.behaviour.usage ?? 'stream') === 'final';
  const usageJson = streamUsageWanted(x) ? JSON.stringify(usage()) : undefined;
  const finishUsage = usageJson !== undefined && final ? `,"usage":${usageJson}` : usageNull;
  const tail = [sseData(`${head}[${finish}]${finishUsage}}`)];
  if (usageJson !== undefined && !final) tail.push(sseData(`${head}[],"usage":${usageJson}}`));
  tail.push(DONE);
  const error = x.behaviour.streamErrorAfter === undefined ? undefined : () => openAiStreamError(x);
  writeStream(x, { headers: SSE_HEADERS, contents, tail, error });
}

/** The start of every chunk of a chat stream, up to `"choices":`. */
export const chatChunkHead = (x: Exchange, id: string): string =>
  `{"id":"${id}","object":"chat.completion.chunk","created":${x.created},` +
  `"model":${JSON.stringify(x.model)},"system_fingerprint":"${FINGERPRINT}","choices":`;

/** The finish chunk's choice of a chat stream. */
export const chatFinishChoice = (finishReason: string): string =>
  `{"index":0,"delta":{},"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}}`;

/** Chat completion: `chat.completion` or a stream of `chat.completion.chunk`. */
export function respondChat(x: Exchange): void {
  const messages = x.body.messages;
  if (!Array.isArray(messages)) return sendJson(x.res, 400, missingMessages);
  const pieces = completionPieces(x.behaviour);
  const finishReason = x.behaviour.finishReason ?? 'stop';
  const id = `chatcmpl-${x.uid}`;
  if (!x.stream) {
    const message = { role: 'assistant', content: completionText(x.behaviour, pieces), refusal: null };
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
  const choice = (i: number): string =>
    `{"index":0,"delta":{${i === 0 ? '"role":"assistant",' : ''}"content":${JSON.stringify(pieces[i])}},` +
    '"logprobs":null,"finish_reason":null}';
  const usage = (): ChatUsage => usageFor(x, pieces, messages);
  streamChoices(x, chatChunkHead(x, id), pieces.length, choice, chatFinishChoice(finishReason), usage);
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
      choices: [{ text: completionText(x.behaviour, pieces), index: 0, logprobs: null, finish_reason: finishReason }],
      usage: x.behaviour.usage === 'none' ? undefined : usageFor(x, pieces, prompt),
    });
  }
  const head =
    `{"id":"${id}","object":"text_completion","created":${x.created},` +
    `"model":${JSON.stringify(x.model)},"choices":`;
  const choice = (i: number): string =>
    `{"text":${JSON.stringify(pieces[i])},"index":0,"logprobs":null,"finish_reason":null}`;
  const finish = `{"text":"","index":0,"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}}`;
  streamChoices(x, head, pieces.length, choice, finish, () => usageFor(x, pieces, prompt));
}
