import { isReasoningModel, reasoningRewrite } from './reasoning-models';

describe('reasoning models', () => {
  it.each([
    ['o1', true],
    ['o1-mini', true],
    ['o3-mini-2025-01-31', true],
    ['o4-mini', true],
    ['gpt-4o', false],
    ['omni-moderation-latest', false],
    ['o', false],
  ])('%s is a reasoning model: %s', (model, expected) => {
    expect(isReasoningModel(model)).toBe(expected);
  });

  it('leaves other models and already-fitting bodies alone', () => {
    expect(reasoningRewrite('gpt-4o', { max_tokens: 10, temperature: 1 })).toBeUndefined();
    expect(reasoningRewrite('o1-mini', { max_completion_tokens: 10 })).toBeUndefined();
  });

  it('moves max_tokens to max_completion_tokens and drops temperature', () => {
    expect(reasoningRewrite('o1-mini', { max_tokens: 100, temperature: 0.2 })).toEqual({
      model: 'o1-mini',
      changes: { max_completion_tokens: 100 },
      removed: ['max_tokens', 'temperature'],
    });
    // A max_completion_tokens the client set wins.
    expect(reasoningRewrite('o1-mini', { max_tokens: 100, max_completion_tokens: 50 })?.changes).toEqual({});
  });

  it('turns an effort suffix into reasoning_effort and strips it from the model', () => {
    expect(reasoningRewrite('o3-mini-high', { messages: [] })).toEqual({
      model: 'o3-mini',
      changes: { model: 'o3-mini', reasoning_effort: 'high' },
      removed: [],
    });
  });

  it('renames a leading system message to developer for o1 and the o3 family only', () => {
    const messages = [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ];
    expect(reasoningRewrite('o3-mini', { messages })?.changes['messages']).toEqual([
      { role: 'developer', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ]);
    expect(reasoningRewrite('o1-mini', { messages })).toBeUndefined();
    expect(messages[0]!.role).toBe('system');
  });
});
