import { ValidationError } from '@modelgate/runtime';
import { UnsupportedMediaTypeError } from '../json-body';
import { parseOpenAIRequest as parseRelayRequest } from './inbound';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const JSON_TYPE = 'application/json';

function multipart(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = 'b0undary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nID3\r\n`;
  return { body: Buffer.from(`${parts.join('')}${file}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('parseOpenAIRequest', () => {
  it('reads a chat request, keeping the bytes and the stream flag', () => {
    const body = json({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const parsed = parseRelayRequest('chat/completions', body, 'application/json; charset=utf-8');
    expect(parsed).toMatchObject({ protocol: 'openai', operation: 'chat/completions' });
    expect(parsed.summary).toMatchObject({ model: 'gpt-4o', upstreamModel: 'gpt-4o', stream: true, metering: 'tokens' });
    expect(parsed.body).toBe(body);
  });

  it('takes a body without a content type as JSON', () => {
    const parsed = parseRelayRequest('embeddings', json({ model: 'e', input: 'x' }), undefined);
    expect(parsed.summary.model).toBe('e');
    expect(parsed.summary.stream).toBe(false);
  });

  it.each([
    ['chat/completions', { messages: [{ role: 'user', content: 'x' }] }, 'model is required'],
    ['chat/completions', { model: 'm' }, 'field messages is required'],
    ['chat/completions', { model: 'm', messages: [] }, 'field messages is required'],
    ['chat/completions', { model: 7, messages: [{}] }, 'model must be a string'],
    ['chat/completions', { model: 'm', messages: [{}], max_tokens: 2 ** 31 }, 'max_tokens is too large'],
    ['chat/completions', { model: 'm', messages: [{}], max_tokens: -1 }, 'max_tokens must be a non-negative integer'],
    ['completions', { model: 'm' }, 'field prompt is required'],
    ['embeddings', { model: 'm' }, 'field input is required'],
    ['moderations', {}, 'field input is required'],
    ['images/generations', { n: 1 }, 'field prompt is required'],
    ['images/generations', { prompt: 'cat', size: '1024×1024' }, 'size must use the letter x, as in 1024x1024'],
    ['audio/speech', { model: 'tts-1' }, 'field input is required'],
    ['rerank', { model: 'r', documents: ['a'] }, 'field query is required'],
    ['rerank', { model: 'r', query: 'q', documents: [] }, 'field documents is required'],
  ] as const)('%s %j → 400 %s', (endpoint, body, message) => {
    expect(() => parseRelayRequest(endpoint, json(body), JSON_TYPE)).toThrow(new ValidationError(message));
  });

  it('refuses malformed JSON, a JSON array and an empty body with 400s', () => {
    const malformed = () => parseRelayRequest('chat/completions', Buffer.from('{"model":'), JSON_TYPE);
    expect(malformed).toThrow(ValidationError);
    expect(malformed).toThrow(/not valid JSON/);
    expect(() => parseRelayRequest('chat/completions', json([1]), JSON_TYPE)).toThrow(/must be a JSON object/);
    expect(() => parseRelayRequest('chat/completions', Buffer.alloc(0), JSON_TYPE)).toThrow(/body is empty/);
  });

  it('refuses a JSON endpoint called with a form content type (415)', () => {
    const call = () => parseRelayRequest('chat/completions', Buffer.from('model=x'), 'application/x-www-form-urlencoded');
    expect(call).toThrow(UnsupportedMediaTypeError);
    try {
      call();
    } catch (error) {
      expect((error as UnsupportedMediaTypeError).httpStatus).toBe(415);
    }
  });

  it.each([
    ['embeddings', { input: 'x' }, 'text-embedding-3-small', 'text-embedding-3-small', 'text-embedding-3-small'],
    ['moderations', { input: 'x' }, undefined, 'text-moderation-stable', 'text-moderation-latest'],
    ['moderations', { input: 'x', model: 'omni-moderation-latest' }, undefined, 'omni-moderation-latest', 'omni-moderation-latest'],
    ['images/generations', { prompt: 'cat' }, undefined, 'dall-e-2', 'dall-e-2'],
    ['audio/speech', { input: 'hello' }, undefined, 'tts-1', 'tts-1'],
  ] as const)('%s %j defaults the model', (endpoint, body, pathModel, model, upstreamModel) => {
    const parsed = parseRelayRequest(endpoint, json(body), JSON_TYPE, pathModel);
    expect(parsed.summary.model).toBe(model);
    expect(parsed.summary.upstreamModel).toBe(upstreamModel);
  });

  it('reads the model of a multipart transcription, defaulting to whisper-1', () => {
    const named = multipart({ model: 'gpt-4o-transcribe', response_format: 'json' });
    expect(parseRelayRequest('audio/transcriptions', named.body, named.contentType).summary.model).toBe('gpt-4o-transcribe');
    const unnamed = multipart({ language: 'en' });
    const parsed = parseRelayRequest('audio/translations', unnamed.body, unnamed.contentType);
    expect(parsed.summary).toMatchObject({ model: 'whisper-1', stream: false, metering: 'transcription' });
    expect(parsed.payload).toBeUndefined();
  });

  it('refuses a transcription that is not multipart (415)', () => {
    expect(() => parseRelayRequest('audio/transcriptions', json({ model: 'whisper-1' }), JSON_TYPE)).toThrow(
      UnsupportedMediaTypeError,
    );
  });
});
