import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from '.';

const tables = {
  ModelRatio: DEFAULT_MODEL_RATIO,
  ModelPrice: DEFAULT_MODEL_PRICE,
  CacheRatio: DEFAULT_CACHE_RATIO,
  CompletionRatio: DEFAULT_COMPLETION_RATIO,
};

describe('default pricing tables', () => {
  it.each(Object.entries(tables))('%s maps trimmed model names to finite non-negative numbers', (_, table) => {
    expect(Object.keys(table).length).toBeGreaterThan(0);
    for (const [model, value] of Object.entries(table)) {
      expect(model).toBe(model.trim());
      expect(model).not.toBe('');
      expect(typeof value).toBe('number');
      expect(Number.isFinite(value) && value >= 0).toBe(true);
    }
  });

  it('price the reference spot checks', () => {
    expect(DEFAULT_MODEL_RATIO['gpt-4o']).toBe(1.25);
    expect(DEFAULT_MODEL_RATIO['gpt-4o-mini']).toBe(0.075);
    expect(DEFAULT_MODEL_RATIO['gpt-3.5-turbo']).toBe(0.25);
    expect(DEFAULT_MODEL_RATIO['gpt-4']).toBe(15);
    expect(DEFAULT_MODEL_RATIO['claude-3-5-sonnet-20241022']).toBe(1.5);
    expect(DEFAULT_MODEL_RATIO['gemini-2.0-flash']).toBe(0.05);
    expect(DEFAULT_MODEL_RATIO['deepseek-chat']).toBe(0.135);
    expect(DEFAULT_MODEL_RATIO['text-embedding-3-small']).toBe(0.01);
  });

  it('cover the major providers with a useful number of models', () => {
    const models = Object.keys(DEFAULT_MODEL_RATIO);
    expect(models.length).toBeGreaterThanOrEqual(100);
    for (const prefix of ['gpt-', 'o1', 'claude-', 'gemini-', 'deepseek-', 'mistral-', 'grok-', 'command']) {
      expect(models.some((model) => model.startsWith(prefix))).toBe(true);
    }
  });

  it('keep the reference’s per-call prices and configurable completion ratios', () => {
    expect(Object.keys(DEFAULT_MODEL_PRICE)).toHaveLength(21);
    expect(DEFAULT_MODEL_PRICE).toMatchObject({
      suno_music: 0.1,
      suno_lyrics: 0.01,
      'dall-e-3': 0.04,
      mj_imagine: 0.1,
      mj_inpaint: 0,
      swap_face: 0.05,
    });
    expect(DEFAULT_COMPLETION_RATIO).toEqual({
      'gpt-4-gizmo-*': 2,
      'gpt-4o-gizmo-*': 3,
      'gpt-4-all': 2,
    });
  });

  it('only give cache ratios below 1 to models that have a ratio', () => {
    for (const [model, ratio] of Object.entries(DEFAULT_CACHE_RATIO)) {
      expect(ratio).toBeLessThan(1);
      expect(DEFAULT_MODEL_RATIO).toHaveProperty([model]);
    }
  });
});
