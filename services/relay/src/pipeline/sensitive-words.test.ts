import { ValidationError } from '@modelgate/runtime';
import { parseOpenAIRequest } from '../protocols/openai/inbound';
import { checkSensitiveWords } from './sensitive-words';

const json = (endpoint: Parameters<typeof parseOpenAIRequest>[0], body: unknown) =>
  parseOpenAIRequest(endpoint, Buffer.from(JSON.stringify(body)), 'application/json').summary;

describe('checkSensitiveWords', () => {
  const words = ['forbidden phrase', 'test_sensitive'];

  it.each([
    ['chat/completions', { model: 'm', messages: [{ role: 'user', content: 'say the Forbidden Phrase' }] }],
    ['chat/completions', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'x TEST_SENSITIVE' }] }] }],
    ['completions', { model: 'm', prompt: ['ok', 'test_sensitive'] }],
    ['embeddings', { model: 'm', input: 'test_sensitive' }],
    ['images/generations', { prompt: 'a forbidden phrase in a picture' }],
    ['audio/speech', { input: 'read test_sensitive aloud' }],
    ['rerank', { model: 'r', query: 'q', documents: ['test_sensitive'] }],
  ] as const)('refuses %s with a sensitive word, case-insensitively', (endpoint, body) => {
    const call = () => checkSensitiveWords(json(endpoint, body), words);
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(/sensitive words detected/);
  });

  it('lets clean prompts through, and everything when no words are configured', () => {
    const request = json('chat/completions', { model: 'm', messages: [{ role: 'user', content: 'hello' }] });
    expect(() => checkSensitiveWords(request, words)).not.toThrow();
    const flagged = json('embeddings', { model: 'm', input: 'test_sensitive' });
    expect(() => checkSensitiveWords(flagged, [])).not.toThrow();
  });
});
