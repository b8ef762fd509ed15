import { chatCompletionBody, defaultModel, groupOptions, matchesModel, type PlaygroundSettings } from './playground-settings';

const settings: PlaygroundSettings = { model: 'm', group: 'vip', maxTokens: 0, temperature: 0.7, systemPrompt: '' };

describe('playground settings', () => {
  it('picks gpt-4o-mini when offered, else the first model, else none', () => {
    expect(defaultModel(['a', 'gpt-4o-mini'])).toBe('gpt-4o-mini');
    expect(defaultModel(['claude', 'gpt-4o'])).toBe('claude');
    expect(defaultModel([])).toBe('');
  });

  it('lists the user group first and falls back to a single empty choice', () => {
    const groups = { default: { desc: 'Default', ratio: 1 }, vip: { desc: 'VIP', ratio: 1.5 }, svip: { desc: 'SVIP', ratio: 3 } };
    expect(groupOptions(groups, 'svip').map((option) => option.value)).toEqual(['svip', 'default', 'vip']);
    expect(groupOptions(groups, 'other').map((option) => option.value)).toEqual(['default', 'vip', 'svip']);
    expect(groupOptions({}, 'default')).toEqual([{ value: '', desc: '', ratio: null }]);
  });

  it('matches model names fuzzily, ignoring case', () => {
    expect(matchesModel('4o', 'gpt-4o-mini')).toBe(true);
    expect(matchesModel('GPTmini', 'gpt-4o-mini')).toBe(true);
    expect(matchesModel('claude', 'gpt-4o-mini')).toBe(false);
    expect(matchesModel('', 'anything')).toBe(true);
  });

  it('builds the body: integer max_tokens left out at 0, temperature rounded to one decimal', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    expect(chatCompletionBody(settings, messages)).toEqual({ messages, stream: true, model: 'm', group: 'vip', temperature: 0.7 });
    expect(chatCompletionBody({ ...settings, maxTokens: 256.9, temperature: 0.30000000000000004 }, messages)).toEqual({
      messages,
      stream: true,
      model: 'm',
      group: 'vip',
      max_tokens: 256,
      temperature: 0.3,
    });
    expect(chatCompletionBody({ ...settings, maxTokens: Number.NaN }, messages)).not.toHaveProperty('max_tokens');
  });
});
