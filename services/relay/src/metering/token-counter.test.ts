import {
  countTextTokens,
  createTextTokenCounter,
  encodingFor,
  estimateTokensBySize,
  TOKENIZE_CHAR_BUDGET,
} from './token-counter';

type TokenCounterModule = typeof import('./token-counter');

/** The slice of a `gpt-tokenizer` vocabulary module the tests call directly. */
interface TokenCounterLibrary {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
}

/**
 * Loads a fresh copy of `modulePath` (and of everything it requires) with the two vocabulary
 * modules wrapped so each load is recorded: the real tokenizer still runs.
 */
function isolatedWithLoadLog<T>(modulePath: string): { module: T; loads: string[] } {
  const loads: string[] = [];
  let module!: T;
  jest.isolateModules(() => {
    for (const name of ['o200k_base', 'cl100k_base']) {
      jest.doMock(`gpt-tokenizer/encoding/${name}`, () => {
        loads.push(name);
        return jest.requireActual(`gpt-tokenizer/encoding/${name}`);
      });
    }
    module = require(modulePath) as T;
  });
  return { module, loads };
}

describe('encodingFor', () => {
  it.each([
    'gpt-4o',
    'gpt-4o-mini-2024-07-18',
    'gpt-4.1-nano',
    'gpt-4.5-preview',
    'gpt-5',
    'gpt-5.1-codex',
    'o1-mini',
    'o3',
    'o4-mini',
    'chatgpt-4o-latest',
    'gpt-oss-120b',
    'gpt-realtime',
    'GPT-4O',
    'openai/gpt-4o',
  ])('counts %s with o200k_base', (model) => {
    expect(encodingFor(model)).toBe('o200k_base');
  });

  it.each(['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo', 'text-embedding-3-small', 'claude-3-5-sonnet', 'gemini-2.0-flash', ''])(
    'counts %p with cl100k_base',
    (model) => {
      expect(encodingFor(model)).toBe('cl100k_base');
    },
  );
});

describe('countTextTokens', () => {
  it.each([
    ['hello world', 2, 2],
    ['The quick brown fox jumps over the lazy dog.', 10, 10],
    // The newer vocabulary has many more CJK tokens, so the choice of vocabulary matters here.
    ['你好，世界', 3, 6],
    ['héllo wörld 🙂', 6, 7],
  ])('counts %p as %i tokens in o200k_base and %i in cl100k_base', (text, o200k, cl100k) => {
    expect(countTextTokens('gpt-4o', text)).toBe(o200k);
    expect(countTextTokens('gpt-4', text)).toBe(cl100k);
  });

  it('counts special-token markers in user text as plain text instead of throwing', () => {
    expect(countTextTokens('gpt-4o', '<|endoftext|>')).toBe(7);
    expect(countTextTokens('gpt-4', 'a <|im_start|> b <|fim_prefix|>')).toBeGreaterThan(3);
  });

  it('counts empty text as 0', () => {
    expect(countTextTokens('gpt-4o', '')).toBe(0);
  });

  it('counts long prose exactly as the tokenizer does on the whole text', () => {
    const sentences = ['The sky is blue.', 'Grass is green, mostly;', 'naïve café — 你好，世界!', '  indented\n\tline'];
    sentences.push('x'.repeat(40));
    const text = Array.from({ length: 2000 }, (_, i) => sentences[i % sentences.length]).join(' ');
    const whole = (jest.requireActual('gpt-tokenizer/encoding/o200k_base') as TokenCounterLibrary).countTokens(text, {
      disallowedSpecial: new Set(),
    });
    expect(text.length).toBeGreaterThan(40_000);
    expect(countTextTokens('gpt-4o', text)).toBe(whole);
  });

  it('counts one long unbroken run exactly, slice by slice (one byte-pair merge over it would take minutes)', () => {
    // Eight x's are one token in o200k_base; segments are a multiple of 8, so the count is exact.
    expect(countTextTokens('gpt-4o', 'x'.repeat(60_000))).toBe(7_500);
  });

  it('estimates text beyond the budget at a quarter of its UTF-8 size instead of tokenizing it', () => {
    const { module, loads } = isolatedWithLoadLog<TokenCounterModule>('./token-counter');
    expect(module.countTextTokens('gpt-4o', 'a'.repeat(TOKENIZE_CHAR_BUDGET + 1))).toBe(Math.ceil((TOKENIZE_CHAR_BUDGET + 1) / 4));
    expect(module.countTextTokens('gpt-4o', '你'.repeat(TOKENIZE_CHAR_BUDGET + 1))).toBe(Math.ceil((3 * (TOKENIZE_CHAR_BUDGET + 1)) / 4));
    expect(loads).toEqual([]);
  });
});

describe('estimateTokensBySize', () => {
  it('is a quarter of the UTF-8 bytes, rounded up', () => {
    expect(estimateTokensBySize('')).toBe(0);
    expect(estimateTokensBySize('abcd')).toBe(1);
    expect(estimateTokensBySize('abcde')).toBe(2);
    expect(estimateTokensBySize('你好')).toBe(2);
  });
});

describe('createTextTokenCounter', () => {
  it('shares one character budget across the texts it counts', () => {
    const count = createTextTokenCounter('gpt-4o', 20);
    expect(count('hello world')).toBe(2); // 11 characters tokenized, 9 left
    expect(count('hello world')).toBe(3); // no longer fits: ceil(11 / 4)
    expect(count('hi')).toBe(1); // still fits the 9 left
  });

  it('counts anything but a string as 0', () => {
    const count = createTextTokenCounter('gpt-4o');
    for (const value of [undefined, null, 42, ['hello'], { text: 'hello' }]) expect(count(value)).toBe(0);
  });
});

describe('vocabulary loading', () => {
  it('loads nothing when the metering module is imported', () => {
    const { loads } = isolatedWithLoadLog<unknown>('./index');
    expect(loads).toEqual([]);
  });

  it('loads a vocabulary on its first count only, and only the one the model needs', () => {
    const { module, loads } = isolatedWithLoadLog<TokenCounterModule>('./token-counter');
    expect(module.countTextTokens('gpt-4o', '')).toBe(0);
    expect(loads).toEqual([]);

    expect(module.countTextTokens('gpt-4o', 'hello world')).toBe(2);
    expect(module.countTextTokens('o3-mini', 'hello world')).toBe(2);
    expect(loads).toEqual(['o200k_base']);

    expect(module.countTextTokens('claude-3-5-sonnet', '你好，世界')).toBe(6);
    expect(module.countTextTokens('gpt-4', 'hello world')).toBe(2);
    expect(loads).toEqual(['o200k_base', 'cl100k_base']);
  });
});
