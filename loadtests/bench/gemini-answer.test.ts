import { checkAnswer } from './requests';

/** SSE events as Gemini sends them with `alt=sse`: `data: <response json>` only. */
function geminiStream(chunks: ReadonlyArray<Record<string, unknown>>, lineEnd = '\n'): string {
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}${lineEnd}${lineEnd}`).join('');
}

const geminiUsage = { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 };
const geminiChunk = (parts: object[], extra: Record<string, unknown> = {}, candidate: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...candidate }],
  modelVersion: 'gpt-4o-mini',
  responseId: 'chatcmpl-1',
  ...extra,
});
const goodGeminiStream = [
  geminiChunk([{ text: 'Hello' }]),
  geminiChunk([{ text: ' there.' }]),
  geminiChunk([{ text: '' }], { usageMetadata: geminiUsage }, { finishReason: 'STOP' }),
];

describe('checkAnswer (Gemini)', () => {
  const response = geminiChunk([{ text: 'Hello from the fake upstream.' }], { usageMetadata: geminiUsage }, { finishReason: 'STOP' });
  const check = (mode: 'json' | 'stream', body: string, contentType = mode === 'json' ? 'application/json; charset=utf-8' : 'text/event-stream') =>
    checkAnswer('relay-gemini', mode, 200, contentType, body);

  it('accepts a response with text and usage, and a stream whose last chunk ends the answer with its usage', () => {
    expect(check('json', JSON.stringify(response))).toBeNull();
    expect(check('stream', geminiStream(goodGeminiStream))).toBeNull();
    expect(check('stream', geminiStream(goodGeminiStream, '\r\n'))).toBeNull();
    // A thought before the text is still a good answer.
    const withThought = geminiChunk([{ text: 'Hm.', thought: true }, { text: 'Hello' }], { usageMetadata: geminiUsage });
    expect(check('json', JSON.stringify(withThought))).toBeNull();
  });

  it('rejects an OpenAI or Anthropic answer where a Gemini one is due, and the reverse', () => {
    const completion = JSON.stringify({ object: 'chat.completion', choices: [{ message: { content: 'Hello' } }] });
    expect(check('json', completion)).toMatch(/^no candidates/);
    expect(check('json', '[]')).toMatch(/^not a generateContent response/);
    expect(check('stream', 'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n')).toMatch(/^stream has an event that is not JSON/);
    expect(checkAnswer('relay', 'json', 200, 'application/json', JSON.stringify(response))).toMatch(/^object is not chat.completion/);
    expect(checkAnswer('relay-anthropic', 'json', 200, 'application/json', JSON.stringify(response))).toMatch(/^not an assistant message/);
  });

  it('names what a whole response lacks', () => {
    expect(check('json', JSON.stringify({ ...response, candidates: [] }))).toMatch(/^no candidates/);
    expect(check('json', JSON.stringify(geminiChunk([{ text: '' }], { usageMetadata: geminiUsage })))).toMatch(/^no text in candidates\[0\]/);
    expect(check('json', JSON.stringify(geminiChunk([{ text: 'Hm.', thought: true }], { usageMetadata: geminiUsage })))).toMatch(/^no text/);
    const userTurn = { ...response, candidates: [{ content: { role: 'user', parts: [{ text: 'Hi' }] } }] };
    expect(check('json', JSON.stringify(userTurn))).toMatch(/^the first candidate is not a model turn/);
    expect(check('json', JSON.stringify({ ...response, usageMetadata: undefined }))).toMatch(/^no usageMetadata/);
    expect(check('json', JSON.stringify({ ...response, usageMetadata: { promptTokenCount: 12 } }))).toMatch(/^no usageMetadata/);
    expect(check('json', JSON.stringify({ error: { code: 429, message: 'Quota', status: 'RESOURCE_EXHAUSTED' } }))).toMatch(/^answer is an error/);
    expect(
      checkAnswer('relay-gemini', 'json', 400, 'application/json', '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}'),
    ).toMatch(/^HTTP 400/);
  });

  it('names what breaks a stream', () => {
    const [first, second, last] = goodGeminiStream;
    expect(check('stream', '')).toMatch(/^stream is empty/);
    expect(check('stream', geminiStream([geminiChunk([{ text: '' }]), last!]))).toMatch(/^stream carries no text/);
    expect(check('stream', geminiStream([first!, second!]))).toMatch(/^the last chunk has no finishReason/);
    const noUsage = geminiChunk([{ text: '' }], {}, { finishReason: 'STOP' });
    expect(check('stream', geminiStream([first!, noUsage]))).toMatch(/^the last chunk carries no usageMetadata/);
    // Usage counted on an earlier chunk does not stand in for the last one's.
    expect(check('stream', geminiStream([{ ...first!, usageMetadata: geminiUsage }, noUsage]))).toMatch(/no usageMetadata/);
    const cut = { error: { code: 502, message: 'The upstream ended the stream early.', status: 'UNAVAILABLE' } };
    expect(check('stream', geminiStream([first!, cut]))).toMatch(/^stream carries an error/);
    expect(check('stream', geminiStream(goodGeminiStream), 'application/json')).toMatch(/expected text\/event-stream/);
  });
});
