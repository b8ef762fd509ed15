import { type OptionKey, parseOption } from '@modelgate/contracts/options';
import { parseClaudeSettings } from './claude-settings';

const settingsOf = (values: Record<string, string>) =>
  parseClaudeSettings({ value: <K extends OptionKey>(key: K) => parseOption(key, values[key] ?? '') });

describe('the claude.* options', () => {
  it('give the model’s max tokens, else the default entry, else none', () => {
    const settings = settingsOf({ 'claude.default_max_tokens': JSON.stringify({ default: 8192, 'claude-small': 4096, 'claude-bad': -1 }) });
    expect(settings.defaultMaxTokens('claude-small')).toBe(4096);
    expect(settings.defaultMaxTokens('claude-other')).toBe(8192);
    expect(settings.defaultMaxTokens('claude-bad')).toBe(8192);
    expect(settingsOf({ 'claude.default_max_tokens': '{}' }).defaultMaxTokens('x')).toBeUndefined();
    expect(settingsOf({ 'claude.default_max_tokens': 'not json' }).defaultMaxTokens('x')).toBeUndefined();
  });

  it('give each model its extra headers, a header’s values joined, names lower-cased, odd entries dropped', () => {
    const settings = settingsOf({
      'claude.model_headers_settings': JSON.stringify({
        'claude-a': { 'Anthropic-Beta': ['output-128k', 'tools-1'], 'x-one': 'v' },
        'claude-b': 'not an object',
        'claude-c': { 'bad header name': ['x'], 'x-empty': [] },
      }),
    });
    expect(settings.modelHeaders('claude-a')).toEqual({ 'anthropic-beta': 'output-128k,tools-1', 'x-one': 'v' });
    expect(settings.modelHeaders('claude-b')).toEqual({});
    expect(settings.modelHeaders('claude-c')).toEqual({});
    expect(settings.modelHeaders('unknown')).toEqual({});
  });

  it('turn the thinking adapter on unless set to false, with a share between 0.1 and 1 (0.8 otherwise)', () => {
    expect(settingsOf({})).toMatchObject({ thinkingAdapterEnabled: true, thinkingBudgetShare: 0.8 });
    expect(settingsOf({ 'claude.thinking_adapter_enabled': 'false', 'claude.thinking_adapter_budget_tokens_percentage': '0.5' })).toMatchObject({
      thinkingAdapterEnabled: false,
      thinkingBudgetShare: 0.5,
    });
    expect(settingsOf({ 'claude.thinking_adapter_budget_tokens_percentage': '7' }).thinkingBudgetShare).toBe(0.8);
  });
});
