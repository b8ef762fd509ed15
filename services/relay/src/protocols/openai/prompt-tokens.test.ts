import { OPENAI_ENDPOINTS as RELAY_ENDPOINTS } from '@modelgate/channel-types';
import {
  AUDIO_PART_TOKENS,
  estimatePromptTokens,
  HIGH_DETAIL_IMAGE_TOKENS,
  LOW_DETAIL_IMAGE_TOKENS,
} from './prompt-tokens';
import { countTextTokens, estimateTokensBySize, TOKENIZE_CHAR_BUDGET } from '../../metering/token-counter';

const chat = (body: unknown, model = 'gpt-4o'): number => estimatePromptTokens('chat/completions', model, body);

const WEATHER_FUNCTION = {
  name: 'get_weather', // 2 tokens
  description: 'Get the current weather in a city', // 7 tokens
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, // 19 tokens as JSON
};

describe('estimatePromptTokens: chat/completions', () => {
  const conversation = [
    { role: 'system', content: 'You are a helpful assistant.' }, // 6 tokens
    { role: 'user', name: 'alice', content: 'What is the capital of France?' }, // 7 tokens
    { role: 'assistant', content: 'Paris.' }, // 2 tokens
  ];

  it('counts 3 per message, the role, the name (+1) and the content, plus 3 to prime the reply', () => {
    // 3 + (3 + 1 + 6) + (3 + 1 + 1 + 1 + 7) + (3 + 1 + 2)
    expect(chat({ model: 'gpt-4o', messages: conversation })).toBe(32);
  });

  it('equals the sum of its parts in either vocabulary', () => {
    const tokens = (text: string): number => countTextTokens('gpt-4', text);
    const expected =
      3 +
      (3 + tokens('system') + tokens('You are a helpful assistant.')) +
      (3 + tokens('user') + tokens('alice') + 1 + tokens('What is the capital of France?')) +
      (3 + tokens('assistant') + tokens('Paris.'));
    expect(chat({ messages: conversation }, 'gpt-4')).toBe(expected);
  });

  it('adds the name, description and parameter schema of each offered function', () => {
    const messages = [{ role: 'user', content: 'hello world' }]; // priming 3 + message 3 + role 1 + content 2
    expect(chat({ messages })).toBe(9);
    expect(chat({ messages, tools: [{ type: 'function', function: WEATHER_FUNCTION }] })).toBe(9 + 2 + 7 + 19);
    expect(chat({ messages, functions: [WEATHER_FUNCTION] })).toBe(9 + 2 + 7 + 19);
  });

  it('counts the text parts of array content and a fixed estimate per image or audio part', () => {
    const content = (extra: object): unknown => ({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe this image.' }, extra] }],
    });
    const base = 3 + 3 + 1 + 4; // priming, message, role, "Describe this image."
    const image = (detail?: string): object => ({
      type: 'image_url',
      image_url: { url: 'https://example.com/cat.png', ...(detail ? { detail } : {}) },
    });
    expect(chat(content(image('low')))).toBe(base + LOW_DETAIL_IMAGE_TOKENS);
    expect(chat(content(image('high')))).toBe(base + HIGH_DETAIL_IMAGE_TOKENS);
    expect(chat(content(image()))).toBe(base + HIGH_DETAIL_IMAGE_TOKENS);
    expect(chat(content({ type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } }))).toBe(
      base + AUDIO_PART_TOKENS,
    );
    expect([LOW_DETAIL_IMAGE_TOKENS, HIGH_DETAIL_IMAGE_TOKENS]).toEqual([85, 765]);
  });

  it('counts the tool calls an assistant message in the history carries', () => {
    const call = { name: 'get_weather', arguments: '{"city":"Paris"}' }; // 2 + 5 tokens
    const toolCalls = {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: call }],
    };
    expect(chat({ messages: [toolCalls] })).toBe(3 + 3 + 1 + 2 + 5);
    expect(chat({ messages: [{ role: 'assistant', content: null, function_call: call }] })).toBe(3 + 3 + 1 + 2 + 5);
  });

  it('draws every part of one request from one tokenize budget', () => {
    const part = 'hello world '.repeat(3_000); // 36,000 characters, 6,001 tokens
    const messages = [
      { role: 'user', content: part },
      { role: 'user', content: part },
    ];
    expect(part.length * 2).toBeGreaterThan(TOKENIZE_CHAR_BUDGET);
    // The first part is tokenized; the second no longer fits and is estimated by size.
    expect(chat({ messages })).toBe(3 + (3 + 1 + 6_001) + (3 + 1 + estimateTokensBySize(part)));
  });
});

describe('estimatePromptTokens: other endpoints', () => {
  it.each([
    ['a string', 'hello world', 2],
    ['an array of strings', ['hello world', 'Bonjour'], 3],
    ['a token-id array', [15339, 1917, 0], 3],
    ['an array of token-id arrays', [[15339, 1917], [0]], 3],
  ])('counts a completions prompt given as %s', (_, prompt, expected) => {
    expect(estimatePromptTokens('completions', 'gpt-3.5-turbo-instruct', { prompt })).toBe(expected);
  });

  it('counts embeddings and moderation input in any of the prompt shapes', () => {
    expect(estimatePromptTokens('embeddings', 'text-embedding-3-small', { input: 'hello world' })).toBe(2);
    expect(estimatePromptTokens('embeddings', 'text-embedding-3-small', { input: ['hello world', 'Bonjour'] })).toBe(3);
    expect(estimatePromptTokens('embeddings', 'text-embedding-3-small', { input: [[1, 2, 3, 4]] })).toBe(4);
    const multimodal = [
      { type: 'text', text: 'hello world' },
      { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
    ];
    expect(estimatePromptTokens('moderations', 'omni-moderation-latest', { input: multimodal })).toBe(2);
  });

  it('counts the rerank query and every document, as strings or {text} objects', () => {
    const body = {
      query: 'Which color is the sky?', // 6 tokens
      documents: ['The sky is blue.', { text: 'Grass is green.' }], // 5 + 5 tokens in cl100k_base
    };
    expect(estimatePromptTokens('rerank', 'jina-reranker-v2-base-multilingual', body)).toBe(16);
  });

  it('counts speech input in characters for tts models and in tokens for others', () => {
    const input = 'héllo wörld 🙂'; // 13 code points, 14 UTF-16 units, 6 o200k_base tokens
    expect(estimatePromptTokens('audio/speech', 'tts-1', { input })).toBe(13);
    expect(estimatePromptTokens('audio/speech', 'tts-1-hd', { input })).toBe(13);
    expect(estimatePromptTokens('audio/speech', 'gpt-4o-mini-tts', { input })).toBe(6);
  });

  it('is 0 for image generation and transcription', () => {
    expect(estimatePromptTokens('images/generations', 'dall-e-3', { prompt: 'a cat in a hat' })).toBe(0);
    expect(estimatePromptTokens('audio/transcriptions', 'whisper-1', {})).toBe(0);
    expect(estimatePromptTokens('audio/translations', 'whisper-1', {})).toBe(0);
  });
});

describe('estimatePromptTokens: malformed bodies', () => {
  const garbage: unknown[] = [
    undefined,
    null,
    42,
    'hello world',
    ['hello world'],
    {},
    { messages: 'hello', tools: 'x', functions: {}, prompt: { text: 1 }, input: true, documents: 'x', query: [] },
    {
      messages: [null, 1, 'x', [], { role: 5, name: {}, content: { text: 'x' }, tool_calls: 'x', function_call: [] }],
      tools: [null, 'x', { function: 5 }, { function: { name: 1, parameters: 'p' } }],
      prompt: [null, true, {}, [null, 'a', 1]],
      input: [{ text: 5 }, { type: 'image_url' }],
      documents: [null, 5, {}, { text: ['x'] }],
    },
    { messages: [{ role: 'user', content: [null, 5, 'x', { type: 'image_url', image_url: 'x' }, { type: 'text' }] }] },
  ];

  it.each(RELAY_ENDPOINTS)('never throws for %s and returns a whole number ≥ 0', (endpoint) => {
    for (const body of garbage) {
      const tokens = estimatePromptTokens(endpoint, 'gpt-4o', body);
      expect(Number.isSafeInteger(tokens) && tokens >= 0).toBe(true);
    }
  });

  it('counts what can be read and skips the rest', () => {
    expect(chat({ messages: 'hello' })).toBe(3);
    expect(chat({ messages: [null, { role: 5, content: { text: 'x' } }] })).toBe(6);
    // Of these prompt items only the token-id array is readable, and only its one number.
    expect(estimatePromptTokens('completions', 'gpt-4o', { prompt: [null, true, {}, [null, 'a', 1]] })).toBe(1);
    expect(estimatePromptTokens('completions', 'gpt-4o', { prompt: [{ text: 'hello world' }, 'hello world'] })).toBe(4);
    // A text part without text, then a bare image part: only the image is counted.
    expect(chat({ messages: [{ role: 'user', content: [{ type: 'text' }, { type: 'image_url' }] }] })).toBe(
      3 + 3 + 1 + HIGH_DETAIL_IMAGE_TOKENS,
    );
  });
});
