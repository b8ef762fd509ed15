import { UpstreamError } from '../../protocols/upstream-error';
import { readOpenAIResponse } from './response';

const read = (text: string) => readOpenAIResponse(Buffer.from(text));

describe('readOpenAIResponse', () => {
  it('reads chat usage with cached and reasoning tokens', () => {
    const body = JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 1200,
        completion_tokens: 80,
        total_tokens: 1280,
        prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 64, audio_tokens: 0 },
      },
      system_fingerprint: 'fp',
    });
    expect(read(body)).toEqual({
      usage: {
        promptTokens: 1200,
        completionTokens: 80,
        totalTokens: 1280,
        cachedTokens: 1024,
        reasoningTokens: 64,
        promptAudioTokens: 0,
        completionAudioTokens: 0,
        cacheWriteTokens: 0,
        cacheWrite1hTokens: 0,
        source: 'openai',
      },
      error: undefined,
    });
  });

  it('is not fooled by "usage" inside strings or keys that only end in it', () => {
    // After the real usage: a string value ending in `usage` and a key ending in an escaped quote
    // plus `usage`, both with the bytes `"usage"` in them.
    const body =
      '{"usage" : { "prompt_tokens" : 3 , "completion_tokens" : 4 , "total_tokens" : 7 },' +
      '"choices":[{"message":{"content":"he said \\"usage"}}],' +
      '"meta":{"x \\"usage":{"prompt_tokens":999},"y":"\\"usage\\": {\\"prompt_tokens\\": 998}"}}';
    expect(JSON.parse(body)).toBeDefined(); // the fixture is valid JSON
    expect(read(body).usage).toMatchObject({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
  });

  it('reads the usage after a large embeddings payload', () => {
    const vector = Array.from({ length: 50_000 }, (_, i) => (i % 7) / 10);
    const body = JSON.stringify({ object: 'list', data: [{ embedding: vector, index: 0 }], usage: { prompt_tokens: 8, total_tokens: 8 } });
    expect(read(body).usage).toEqual({
      promptTokens: 8,
      completionTokens: 0,
      totalTokens: 8,
      cachedTokens: 0,
      reasoningTokens: 0,
      promptAudioTokens: 0,
      completionAudioTokens: 0,
      cacheWriteTokens: 0,
      cacheWrite1hTokens: 0,
      source: 'openai',
    });
  });

  it.each([
    ['DeepSeek cache hits', '{"usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12,"prompt_cache_hit_tokens":6}}', { promptTokens: 10, cachedTokens: 6 }],
    ['image/responses style', '{"usage":{"input_tokens":50,"output_tokens":4160,"input_tokens_details":{"cached_tokens":5}}}', { promptTokens: 50, completionTokens: 4160, totalTokens: 4210, cachedTokens: 5 }],
    ['rerank with only a total', '{"results":[],"usage":{"total_tokens":33}}', { promptTokens: 33, completionTokens: 0, totalTokens: 33 }],
    ['usage inside a choice (Moonshot)', '{"choices":[{"index":0,"usage":{"prompt_tokens":5,"completion_tokens":1,"total_tokens":6}}]}', { promptTokens: 5, completionTokens: 1 }],
    ['a fractional or negative count', '{"usage":{"prompt_tokens":5.9,"completion_tokens":-1}}', { promptTokens: 5, completionTokens: 0, totalTokens: 5 }],
  ])('reads %s', (_name, body, expected) => {
    expect(read(body).usage).toMatchObject(expected);
  });

  it.each([
    ['no usage', '{"choices":[]}'],
    ['null usage', '{"usage":null}'],
    ['an empty usage', '{"usage":{}}'],
    ['a transcription', '{"text":"hello"}'],
    ['not JSON', 'RIFF....WAVE'],
    ['an empty body', ''],
    ['a JSON array', '[1,2]'],
  ])('finds no usage in %s, without throwing', (_name, body) => {
    expect(read(body)).toEqual({ usage: undefined, error: undefined });
  });

  it('reports an error object sent with a success status', () => {
    const { usage, error } = read('{"error":{"message":"model overloaded","type":"server_error","code":"overloaded"}}');
    expect(usage).toBeUndefined();
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 200, httpStatus: 502, message: 'model overloaded', errorType: 'server_error', errorCode: 'overloaded' });
  });

  it('reads a body given as a view into a larger buffer', () => {
    const whole = Buffer.from('xxxx{"usage":{"prompt_tokens":1,"completion_tokens":1}}yyyy');
    expect(readOpenAIResponse(whole.subarray(4, whole.length - 4)).usage).toMatchObject({ totalTokens: 2 });
  });
});
