import { parseAnthropicRequest } from '../protocols/anthropic/inbound';
import { codecFor } from '../protocols/codecs';
import { SseDecoder } from '../protocols/stream-events';
import { anthropicToOpenAI } from '../translate/anthropic-to-openai';
import { EventStreamRelay, observerFor } from './stream-relay';

const request = parseAnthropicRequest(
  'messages',
  Buffer.from(JSON.stringify({ model: 'claude-test', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] })),
  'application/json',
);
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
const UPSTREAM = Buffer.from(
  chunk({ role: 'assistant', content: '' }) +
    chunk({ content: 'Grüße, ' }) +
    chunk({ content: 'monde 🌍' }) +
    `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\r\n\r\n` +
    `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } })}\n\n` +
    'data: [DONE]\n\n',
);

function relay() {
  const context = { request, upstreamModel: 'gpt-test' };
  return new EventStreamRelay(new SseDecoder(), observerFor('openai', () => 42), anthropicToOpenAI.stream(context), codecFor('anthropic'));
}

/** The Anthropic events a client decodes from the relay's bytes. */
function clientEvents(bytes: Buffer) {
  const decoder = new SseDecoder();
  return [...decoder.push(bytes), ...decoder.finish()];
}

describe('EventStreamRelay', () => {
  it.each([1, 5, 33, UPSTREAM.length])('translates a stream split every %i bytes exactly as a whole one', (size) => {
    const stream = relay();
    const out: Uint8Array[] = [];
    for (let i = 0; i < UPSTREAM.length; i += size) out.push(stream.push(UPSTREAM.subarray(i, i + size)));
    const { rest, summary } = stream.finish({ interrupted: false });
    out.push(rest);
    const events = clientEvents(Buffer.concat(out));
    expect(events.map((event) => event.name)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const text = events
      .filter((event) => event.name === 'content_block_delta')
      .map((event) => (event.data as { delta: { text: string } }).delta.text)
      .join('');
    expect(text).toBe('Grüße, monde 🌍');
    expect(summary).toMatchObject({ usage: { promptTokens: 9, completionTokens: 4 }, usageComplete: true, firstTokenAt: 42, sawDone: true, completionText: 'Grüße, monde 🌍' });
  });

  it('ends a stream cut short with an error event and what it learned so far', () => {
    const stream = relay();
    const head = stream.push(UPSTREAM.subarray(0, UPSTREAM.indexOf('monde')));
    const { rest, summary } = stream.finish({ interrupted: true });
    const events = clientEvents(Buffer.concat([head, rest]));
    expect(events.at(-1)).toMatchObject({ name: 'error', data: { type: 'error', error: { type: 'api_error' } } });
    expect(summary).toMatchObject({ usage: undefined, usageComplete: false, completionText: 'Grüße, ' });
  });
});
