import { buildPriceTable } from '@modelgate/pricing';
import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { countCompletionTokens, countTextTokens } from '../metering';
import { parseAnthropicRequest } from '../protocols/anthropic/inbound';
import { parseGeminiRequest } from '../protocols/gemini/inbound';
import { codecFor } from '../protocols/codecs';
import { parseResponsesRequest } from '../protocols/responses/inbound';
import { SseDecoder } from '../protocols/stream-events';
import type { RelayRequest } from '../protocols/request';
import type { RelayOptions } from '../state';
import { anthropicToOpenAI } from '../translate/anthropic-to-openai';
import { geminiToOpenAI } from '../translate/gemini-to-openai';
import { responsesToChat } from '../translate/responses-to-chat';
import type { Translator } from '../translate/types';
import { buildUsageRecord, priceRequest } from './pricing-step';
import { streamMetering } from './respond';
import { EventStreamRelay, observerFor } from './stream-relay';

/**
 * A translated stream from a channel that streams no usage: the client's closing usage and the
 * usage record are one count of the gateway's, the answer tokenized once for both, by billing's
 * rule: content, reasoning and tool calls' names and arguments, plus 7 tokens a call.
 */

const MODEL = 'deepseek-chat';
const table = buildPriceTable({
  ModelRatio: JSON.stringify({ [MODEL]: 2 }),
  CompletionRatio: JSON.stringify({ [MODEL]: 3 }),
  GroupRatio: JSON.stringify({ default: 1 }),
  QuotaPerUnit: '500000',
  PreConsumedQuota: '500',
});
const options = { priceTable: () => table, preConsumedQuota: () => 500 } as unknown as RelayOptions;
const settlement = { requestId: 'r-1', userId: 1, tokenId: 2, group: 'default', channelId: 3, usedChannels: [3], upstreamModel: MODEL, startedAt: 0, firstResponseAt: 5, reserved: 10 };

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: MODEL, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
const ANSWER = ['Hello', ' from', ' the', ' fake', ' upstream', '.'];
const TEXT_STREAM = [chunk({ role: 'assistant', content: ANSWER[0] }), ...ANSWER.slice(1).map((content) => chunk({ content })), chunk({}, 'stop'), 'data: [DONE]\n\n'].join('');
const CALL = { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } };
const TOOL_STREAM = [
  chunk({ role: 'assistant', content: 'Let me check.' }),
  chunk({ tool_calls: [CALL] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  chunk({}, 'tool_calls'),
  'data: [DONE]\n\n',
].join('');

const responsesRequest = () =>
  parseResponsesRequest('responses', Buffer.from(JSON.stringify({ model: MODEL, instructions: 'You are a concise assistant.', input: 'Say hello.', stream: true })), 'application/json');
const anthropicRequest = () =>
  parseAnthropicRequest('messages', Buffer.from(JSON.stringify({ model: MODEL, max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'Say hello.' }] })), 'application/json');

/** The texts the tokenizer was handed while `run` ran. */
function tokenized<T>(run: () => T): { result: T; texts: string[] } {
  const encoder = (require('gpt-tokenizer/encoding/cl100k_base') as { default: GptEncoding }).default;
  const spy = jest.spyOn(encoder, 'countTokens');
  try {
    const result = run();
    return { result, texts: spy.mock.calls.map(([text]) => String(text)) };
  } finally {
    spy.mockRestore();
  }
}

/** Relays `upstream` through `translator`, then settles it as the pipeline does: the client's events and the usage record. */
function relayAndSettle(request: RelayRequest, translator: Translator, upstream: string) {
  const relay = new EventStreamRelay(new SseDecoder(), observerFor('openai'), translator.stream({ request, upstreamModel: MODEL }), codecFor(request.protocol));
  const head = relay.push(Buffer.from(upstream));
  const { rest, summary } = relay.finish({ interrupted: false });
  const decoder = new SseDecoder();
  const events = [...decoder.push(Buffer.concat([head, rest])), ...decoder.finish()];
  const priced = priceRequest(request.summary, 'default', 1, options);
  return { events, summary, record: buildUsageRecord(request.summary, priced, streamMetering(summary), settlement) };
}

type Relayed = ReturnType<typeof relayAndSettle>;

function completedUsage(events: Relayed['events']) {
  const completed = events.find((event) => event.name === 'response.completed');
  return (completed?.data as { response: { usage: { input_tokens: number; output_tokens: number; total_tokens: number } } }).response.usage;
}

describe('a translated stream whose channel reports no usage', () => {
  it('reports and bills the counted usage, tokenizing the prompt and the answer once each', () => {
    const request = responsesRequest();
    const { result, texts } = tokenized(() => relayAndSettle(request, responsesToChat, TEXT_STREAM));
    const answer = ANSWER.join('');
    const prompt = request.summary.promptTokens();
    const completion = countTextTokens(MODEL, answer);
    expect(completion).toBeGreaterThan(0);
    expect(completedUsage(result.events)).toEqual({
      input_tokens: prompt,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: completion,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: prompt + completion,
    });
    expect(result.summary).toMatchObject({ usage: undefined, completionText: answer, completionTextTokens: completion, toolCalls: 0 });
    expect(result.record).toMatchObject({ promptTokens: prompt, completionTokens: completion, usageEstimated: true });
    // The very record billing made when it counted the answer itself.
    const { completionTextTokens, ...counting } = streamMetering(result.summary);
    expect(completionTextTokens).toBe(completion);
    expect(result.record).toEqual(buildUsageRecord(request.summary, priceRequest(request.summary, 'default', 1, options), counting, settlement));
    expect(texts.filter((text) => text === answer)).toHaveLength(1);
    expect(texts.filter((text) => text === 'You are a concise assistant.')).toHaveLength(1);
  });

  it.each([
    ['Responses', responsesRequest, responsesToChat, (events: Relayed['events']) => completedUsage(events).output_tokens],
    ['Anthropic', anthropicRequest, anthropicToOpenAI, (events: Relayed['events']) => (events.find((event) => event.name === 'message_delta')?.data as { usage: { output_tokens: number } }).usage.output_tokens],
  ] as const)('tells a %s client the tool call billing charges (its name, arguments and 7 tokens), counted once', (_client, makeRequest, translator, outputTokens) => {
    const request = makeRequest();
    const { result, texts } = tokenized(() => relayAndSettle(request, translator, TOOL_STREAM));
    const billed = 'Let me check.get_weather{"city":"Paris"}';
    const completion = countCompletionTokens(MODEL, billed, 1);
    expect(completion).toBe(countTextTokens(MODEL, billed) + 7);
    expect(outputTokens(result.events)).toBe(completion);
    expect(result.summary).toMatchObject({ completionText: billed, completionTextTokens: countTextTokens(MODEL, billed), toolCalls: 1 });
    expect(result.record).toMatchObject({ completionTokens: completion, usageEstimated: true });
    expect(texts.filter((text) => text === billed)).toHaveLength(1);
  });

  it('shares the count of an answer relayed to an Anthropic client too', () => {
    const request = anthropicRequest();
    const { result, texts } = tokenized(() => relayAndSettle(request, anthropicToOpenAI, TEXT_STREAM));
    const answer = ANSWER.join('');
    const completion = countTextTokens(MODEL, answer);
    const delta = result.events.find((event) => event.name === 'message_delta');
    expect(delta?.data).toMatchObject({ usage: { input_tokens: request.summary.promptTokens(), output_tokens: completion } });
    expect(result.record).toMatchObject({ promptTokens: request.summary.promptTokens(), completionTokens: completion, usageEstimated: true });
    expect(texts.filter((text) => text === answer)).toHaveLength(1);
  });

  it('shares the count of an answer relayed to a Gemini client too', () => {
    const body = Buffer.from(JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Say hello.' }] }] }));
    const request = parseGeminiRequest({ operation: 'generateContent', model: MODEL, stream: true }, body, 'application/json');
    const { result, texts } = tokenized(() => relayAndSettle(request, geminiToOpenAI, TEXT_STREAM));
    const answer = ANSWER.join('');
    const completion = countTextTokens(MODEL, answer);
    expect(result.events.at(-1)?.data).toMatchObject({ usageMetadata: { promptTokenCount: request.summary.promptTokens(), candidatesTokenCount: completion } });
    expect(result.record).toMatchObject({ promptTokens: request.summary.promptTokens(), completionTokens: completion, usageEstimated: true });
    expect(texts.filter((text) => text === answer)).toHaveLength(1);
  });

  it('counts nothing locally when the channel does report usage', () => {
    const usage = `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } })}\n\n`;
    const request = responsesRequest();
    const { result, texts } = tokenized(() => relayAndSettle(request, responsesToChat, TEXT_STREAM.replace('data: [DONE]', `${usage}data: [DONE]`)));
    expect(completedUsage(result.events)).toMatchObject({ input_tokens: 9, output_tokens: 4, total_tokens: 13 });
    expect(result.record).toMatchObject({ promptTokens: 9, completionTokens: 4 });
    expect(result.record.usageEstimated).toBeUndefined();
    expect(texts).toEqual([]);
  });
});
