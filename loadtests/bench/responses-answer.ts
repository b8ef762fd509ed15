import { isCount, parseSse } from './answer-parsing';

/**
 * The check of an OpenAI Responses answer, whole (a Response object) or streamed as named
 * server-sent events ending in `response.completed`. Each returns the problem, quoting
 * `excerpt`, or null when the answer is good.
 */

interface ResponseObject {
  object?: unknown;
  status?: unknown;
  output?: Array<{ type?: unknown; role?: unknown; content?: Array<{ type?: unknown; text?: unknown }> }>;
  usage?: { input_tokens?: unknown; output_tokens?: unknown; total_tokens?: unknown };
  error?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of the assistant message items' `output_text` parts, joined. */
function outputTextOf(response: ResponseObject): string {
  if (!Array.isArray(response.output)) return '';
  return response.output
    .filter((item) => item?.type === 'message' && item.role === 'assistant' && Array.isArray(item.content))
    .flatMap((item) => item.content!)
    .filter((part) => part?.type === 'output_text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('');
}

/** Whether the response reports the input's, the output's and the total token counts. */
function hasUsage(response: ResponseObject): boolean {
  const usage = response.usage;
  return isCount(usage?.input_tokens) && isCount(usage?.output_tokens) && isCount(usage?.total_tokens);
}

/** A whole answer: a completed `response` whose output has a message with non-empty `output_text`, and `usage`. */
export function checkResponsesResponse(parsed: unknown, excerpt: string): string | null {
  if (!isObject(parsed)) return `not a Response: ${excerpt}`;
  const response = parsed as ResponseObject;
  if (response.error !== undefined && response.error !== null) return `answer is an error: ${excerpt}`;
  if (response.object !== 'response') return `object is not response: ${excerpt}`;
  if (response.status !== 'completed') return `status is not completed: ${excerpt}`;
  if (outputTextOf(response) === '') return `no output_text in a message item of output: ${excerpt}`;
  return hasUsage(response) ? null : `no usage: ${excerpt}`;
}

/**
 * A stream: every event named, with JSON data of the same `type` and rising `sequence_number`s;
 * `response.created` first, non-empty `response.output_text.delta`s, `response.output_text.done`
 * after them, and `response.completed` last, its response carrying the usage; no `error` event.
 */
export function checkResponsesStream(body: string, excerpt: string): string | null {
  const events: Array<Record<string, unknown>> = [];
  for (const { event, data } of parseSse(body)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return `stream has an event that is not JSON: ${excerpt}`;
    }
    if (!isObject(parsed) || event === '' || parsed['type'] !== event) {
      return `event '${event}' carries data of type '${String(isObject(parsed) ? parsed['type'] : parsed)}': ${excerpt}`;
    }
    if (event === 'error') return `stream carries an error event: ${excerpt}`;
    const sequence = parsed['sequence_number'];
    const previous = events[events.length - 1]?.['sequence_number'];
    if (!isCount(sequence) || (typeof previous === 'number' && (sequence as number) <= previous)) {
      return `event '${event}' is out of sequence: ${excerpt}`;
    }
    events.push(parsed);
  }
  if (events.length === 0) return `stream is empty: ${excerpt}`;
  const names = events.map((e) => e['type'] as string);
  if (names[0] !== 'response.created') return `stream does not start with response.created: ${excerpt}`;
  if (names[names.length - 1] !== 'response.completed') return `stream does not end with response.completed: ${excerpt}`;
  const lastDelta = names.lastIndexOf('response.output_text.delta');
  const hasText = events.some((e) => e['type'] === 'response.output_text.delta' && typeof e['delta'] === 'string' && e['delta'] !== '');
  if (!hasText) return `stream carries no text: ${excerpt}`;
  if (names.indexOf('response.output_text.done', lastDelta) < 0) return `the text is never done: ${excerpt}`;
  const completed = events[events.length - 1]!['response'];
  if (!isObject(completed)) return `response.completed carries no response: ${excerpt}`;
  return hasUsage(completed as ResponseObject) ? null : `response.completed carries no usage: ${excerpt}`;
}
