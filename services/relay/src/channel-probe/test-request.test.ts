import {
  buildTestRequest,
  DEFAULT_TEST_MODEL,
  isEmbeddingModel,
  pickTestModel,
  testEndpointFor,
  testMaxTokens,
} from './test-request';

describe('pickTestModel', () => {
  it("prefers the caller's model, then test_model, then the first model, then the default", () => {
    const channel = { test_model: 'gpt-4o', models: 'a, b' };
    expect(pickTestModel(channel, ' o3-mini ')).toBe('o3-mini');
    expect(pickTestModel(channel, '')).toBe('gpt-4o');
    expect(pickTestModel({ test_model: ' ', models: ' ,b,c' }, '')).toBe('b');
    expect(pickTestModel({ test_model: null, models: '' }, '  ')).toBe(DEFAULT_TEST_MODEL);
  });
});

describe('test request shape', () => {
  it.each([
    ['text-embedding-3-small', true],
    ['Cohere-Embed-v3', true],
    ['m3e-base', true],
    ['BAAI/bge-large-zh', true],
    ['gpt-4o', false],
    ['embodied', false],
  ])('%s is an embedding model: %p', (model, embedding) => {
    expect(isEmbeddingModel(model)).toBe(embedding);
  });

  it('gives thinking models and Gemini a larger completion budget, never Claude', () => {
    expect(testMaxTokens('gpt-4o-mini')).toBe(10);
    expect(testMaxTokens('deepseek-thinking')).toBe(50);
    expect(testMaxTokens('claude-3-7-sonnet-thinking')).toBe(10);
    expect(testMaxTokens('gemini-2.0-flash-thinking-exp')).toBe(300);
  });

  it('asks embeddings of embedding models and on MokaAI channels, chat otherwise', () => {
    expect(testEndpointFor('text-embedding-3-small', false)).toBe('embeddings');
    expect(testEndpointFor('anything', true)).toBe('embeddings');
    expect(testEndpointFor('gpt-4o', false)).toBe('chat/completions');
  });

  it('builds the body bytes from the JSON it describes', () => {
    const chat = buildTestRequest('gpt-4o', 'chat/completions');
    expect(chat.json).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, stream: false });
    expect(JSON.parse(Buffer.from(chat.body).toString())).toEqual(chat.json);
    expect(buildTestRequest('bge-m3', 'embeddings').json).toEqual({ model: 'bge-m3', input: 'hello world' });
  });
});
