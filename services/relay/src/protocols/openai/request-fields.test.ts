import { imageRequestOf, maxTokensOf, reasoningEffortOf } from './request-fields';

describe('maxTokensOf', () => {
  it('reads both limits', () => {
    expect(maxTokensOf({ max_tokens: 256, max_completion_tokens: 1024 })).toEqual({
      maxTokens: 256,
      maxCompletionTokens: 1024,
    });
    expect(maxTokensOf({ max_completion_tokens: 0 })).toEqual({ maxCompletionTokens: 0 });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '100', null, true, [100]])(
    'ignores a limit of %p',
    (value) => {
      expect(maxTokensOf({ max_tokens: value, max_completion_tokens: value })).toEqual({});
    },
  );

  it.each([undefined, null, 'x', [1], 42])('reads nothing from a body of %p', (json) => {
    expect(maxTokensOf(json)).toEqual({});
  });
});

describe('reasoningEffortOf', () => {
  it('reads reasoning_effort, or the nested reasoning.effort', () => {
    expect(reasoningEffortOf({ reasoning_effort: 'high' })).toBe('high');
    expect(reasoningEffortOf({ reasoning: { effort: 'low' } })).toBe('low');
    expect(reasoningEffortOf({ reasoning_effort: 'minimal', reasoning: { effort: 'low' } })).toBe('minimal');
  });

  it.each([undefined, '', 'x'.repeat(33), 'high; drop table', 'médium', 3, { effort: 'high' }])(
    'ignores a value of %p, which could put arbitrary text into the log',
    (value) => {
      expect(reasoningEffortOf({ reasoning_effort: value })).toBeUndefined();
    },
  );

  it('reads nothing from a malformed body', () => {
    expect(reasoningEffortOf(null)).toBeUndefined();
    expect(reasoningEffortOf({ reasoning: 'high' })).toBeUndefined();
    expect(reasoningEffortOf({ reasoning: [{ effort: 'high' }] })).toBeUndefined();
  });
});

describe('imageRequestOf', () => {
  it('reads size, quality and n', () => {
    expect(imageRequestOf({ prompt: 'a cat', size: '1024x1792', quality: 'hd', n: 2 })).toEqual({
      size: '1024x1792',
      quality: 'hd',
      n: 2,
    });
  });

  it('leaves absent fields to the price rules defaults', () => {
    expect(imageRequestOf({ prompt: 'a cat' })).toEqual({});
  });

  it('drops values of the wrong shape', () => {
    expect(imageRequestOf({ size: 1024, quality: ['hd'], n: 0 })).toEqual({});
    expect(imageRequestOf({ size: '1024×1024', quality: 'h d', n: 1.5 })).toEqual({});
    expect(imageRequestOf({ size: '1'.repeat(40), n: '2' })).toEqual({});
    expect(imageRequestOf('size=1024x1024')).toEqual({});
  });
});
