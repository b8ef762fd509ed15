import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO } from '@modelgate/db';
import { COMPLETION_RATIO_RULES, resolveCompletionRatio } from './completion-ratio';

const defaults = new Map(Object.entries(DEFAULT_COMPLETION_RATIO));
const none = new Map<string, number>();
/** A configuration that tries to override everything: locked rules must ignore it. */
const overrides = new Map<string, number>([
  ['gpt-4o', 10],
  ['gpt-4', 10],
  ['claude-3-opus-20240229', 10],
  ['deepseek-chat', 10],
  ['gemini-exp-1206', 6],
  ['gpt-4.1', 5],
  ['gpt-5', 9],
  ['openai/gpt-4o', 7],
  ['anthropic/claude-3-opus', 2],
  ['qwen-max', 3],
]);

type Case = [name: string, configured: ReadonlyMap<string, number>, ratio: number, locked: boolean, source: 'configured' | 'rule'];

describe('resolveCompletionRatio: the reference rules (§3.7)', () => {
  it.each<Case>([
    // GPT-4o: locked, so the configured 10 is ignored
    ['gpt-4o-2024-05-13', overrides, 3, true, 'rule'],
    ['gpt-4o', overrides, 4, true, 'rule'],
    ['gpt-4o-mini', none, 4, true, 'rule'],
    ['gpt-4o-audio-preview', none, 4, true, 'rule'],
    ['gpt-4.5-preview-2025-02-27', none, 2, true, 'rule'],
    ['gpt-4-turbo-2024-04-09', none, 3, true, 'rule'],
    ['gpt-4-1106', none, 3, true, 'rule'],
    ['gpt-4-1105', none, 3, true, 'rule'],
    // other gpt-4*: unlocked fallback 2, the configured map wins
    ['gpt-4', none, 2, false, 'rule'],
    ['gpt-4-32k', none, 2, false, 'rule'],
    ['gpt-4', overrides, 10, false, 'configured'],
    // reserved names leave the GPT-4 family: the configured defaults price them, else 1
    ['gpt-4-all', defaults, 2, false, 'configured'],
    ['gpt-4-all', none, 1, false, 'rule'],
    ['gpt-4-gizmo-*', defaults, 2, false, 'configured'],
    ['gpt-4o-gizmo-*', defaults, 3, false, 'configured'],
    ['o1', none, 4, true, 'rule'],
    ['o1-mini', none, 4, true, 'rule'],
    ['o1-pro-2025-03-19', none, 4, true, 'rule'],
    ['o3-mini', none, 4, true, 'rule'],
    ['chatgpt-4o-latest', none, 3, true, 'rule'],
    ['claude-instant-1.2', none, 3, true, 'rule'],
    ['claude-2.1', none, 3, true, 'rule'],
    ['claude-3-opus-20240229', overrides, 5, true, 'rule'],
    ['anthropic.claude-3-haiku', none, 5, true, 'rule'],
    ['gpt-3.5-turbo', none, 3, true, 'rule'],
    ['gpt-3.5-turbo-0125', none, 3, true, 'rule'],
    ['gpt-3.5-turbo-1106', none, 2, true, 'rule'],
    ['gpt-3.5-turbo-16k', none, 4 / 3, true, 'rule'],
    ['gpt-3.5-turbo-instruct', none, 4 / 3, true, 'rule'],
    ['mistral-large-latest', none, 3, true, 'rule'],
    ['mistral-medium-latest', none, 3, true, 'rule'],
    ['gemini-1.5-pro', none, 4, true, 'rule'],
    ['gemini-2.0-flash', none, 4, true, 'rule'],
    ['gemini-2.5-pro-preview-05-06', none, 8, true, 'rule'],
    ['gemini-2.5-flash-lite', none, 4, false, 'rule'],
    ['gemini-exp-1206', overrides, 6, false, 'configured'],
    ['command-r', none, 3, true, 'rule'],
    ['command-r-plus', none, 5, true, 'rule'],
    ['command-r-08-2024', none, 4, true, 'rule'],
    ['command-r-plus-08-2024', none, 4, true, 'rule'],
    ['command-r7b-12-2024', none, 4, false, 'rule'],
    ['deepseek-chat', overrides, 4, true, 'rule'],
    ['DeepSeek-Reasoner', none, 4, true, 'rule'],
    ['ERNIE-Speed-8K', none, 2, true, 'rule'],
    ['ERNIE-Lite-8K', none, 2, true, 'rule'],
    ['ERNIE-Character-8K', none, 2, true, 'rule'],
    ['ERNIE-Functions-8K', none, 2, true, 'rule'],
    // 0.8 / 0.64 = 1.25
    ['llama2-70b-4096', none, 1.25, true, 'rule'],
    ['llama3-8b-8192', none, 2, true, 'rule'],
    // 0.79 / 0.59 = 1.3389830508474578
    ['llama3-70b-8192', none, 1.3389830508474578, true, 'rule'],
    // names with '/': the configured entry comes first, even before a locked rule
    ['openai/gpt-4o', overrides, 7, false, 'configured'],
    ['anthropic/claude-3-opus', overrides, 2, false, 'configured'],
    // … and without one, resolution continues normally
    ['anthropic/claude-3-opus', none, 5, true, 'rule'],
    ['openai/gpt-4o', none, 1, false, 'rule'],
    // nothing claims the name: configured, else 1
    ['qwen-max', none, 1, false, 'rule'],
    ['qwen-max', overrides, 3, false, 'configured'],
    ['whisper-1', none, 1, false, 'rule'],
  ])('%s', (name, configured, ratio, locked, source) => {
    expect(resolveCompletionRatio(name, configured)).toMatchObject({ ratio, locked, source });
  });
});

describe('resolveCompletionRatio: our rules for newer default models (unlocked, list prices)', () => {
  it.each<Case>([
    // gpt-4.1: $2 in / $8 out = 4 (the reference's gpt-4 fallback would say 2)
    ['gpt-4.1', none, 4, false, 'rule'],
    ['gpt-4.1-nano-2025-04-14', none, 4, false, 'rule'],
    ['gpt-4.1', overrides, 5, false, 'configured'],
    // GPT-4 Turbo previews: $10 / $30 = 3
    ['gpt-4-1106-preview', none, 3, false, 'rule'],
    ['gpt-4-vision-preview', none, 3, false, 'rule'],
    // gpt-5: $1.25 / $10 = 8 (the reference's generic fallback would say 1)
    ['gpt-5', none, 8, false, 'rule'],
    ['gpt-5-mini-2025-08-07', none, 8, false, 'rule'],
    ['gpt-5', overrides, 9, false, 'configured'],
    // o4-mini: $1.10 / $4.40 = 4
    ['o4-mini', none, 4, false, 'rule'],
    // Claude 4: $3 / $15, $15 / $75, $1 / $5 = 5
    ['claude-sonnet-4-20250514', none, 5, false, 'rule'],
    ['claude-opus-4-1-20250805', none, 5, false, 'rule'],
    ['claude-haiku-4-5-20251001', none, 5, false, 'rule'],
    // Mistral names outside mistral-*: $2 / $5 = 2.5; $0.3 / $0.9 = 3; $2 / $6 = 3; $0.7 / $0.7 = 1
    ['magistral-medium-latest', none, 2.5, false, 'rule'],
    ['codestral-latest', none, 3, false, 'rule'],
    ['open-mixtral-8x22b', none, 3, false, 'rule'],
    ['open-mixtral-8x7b', none, 1, false, 'rule'],
    // Gemini: 2.5 pro $1.25 / $10 = 8; 2.5 flash $0.30 / $2.50 = 8.333333333333334; 1.0 pro $0.5 / $1.5 = 3
    ['gemini-2.5-pro', none, 8, false, 'rule'],
    ['gemini-2.5-pro-exp-03-25', none, 8, false, 'rule'],
    ['gemini-2.5-flash', none, 8.333333333333334, false, 'rule'],
    ['gemini-1.0-pro', none, 3, false, 'rule'],
    // Cohere command $1 / $2, command-light $0.3 / $0.6 = 2
    ['command', none, 2, false, 'rule'],
    ['command-light', none, 2, false, 'rule'],
    ['deepseek-coder', none, 4, false, 'rule'],
    // xAI: $5 / $15 = 3; $0.6 / $4 = 6.666666666666667; $0.3 / $0.5 = 1.6666666666666667; $0.2 / $0.5 = 2.5;
    // $0.2 / $1.5 = 7.5; $2 / $10, $3 / $15 = 5
    ['grok-beta', none, 3, false, 'rule'],
    ['grok-3-mini-fast', none, 6.666666666666667, false, 'rule'],
    ['grok-3-mini', none, 1.6666666666666667, false, 'rule'],
    ['grok-4-fast-reasoning', none, 2.5, false, 'rule'],
    ['grok-code-fast-1', none, 7.5, false, 'rule'],
    ['grok-2-1212', none, 5, false, 'rule'],
    ['grok-3', none, 5, false, 'rule'],
    ['grok-4-0709', none, 5, false, 'rule'],
  ])('%s', (name, configured, ratio, locked, source) => {
    expect(resolveCompletionRatio(name, configured)).toMatchObject({ ratio, locked, source });
  });
});

describe('COMPLETION_RATIO_RULES', () => {
  it('never lock one of our own rules, so the CompletionRatio option can override them', () => {
    for (const rule of COMPLETION_RATIO_RULES.filter((candidate) => candidate.source === 'modelgate')) {
      expect(rule.locked).toBe(false);
    }
  });

  it('hold positive finite ratios and end with a rule matching every name', () => {
    for (const rule of COMPLETION_RATIO_RULES) expect(Number.isFinite(rule.ratio) && rule.ratio > 0).toBe(true);
    const last = COMPLETION_RATIO_RULES[COMPLETION_RATIO_RULES.length - 1]!;
    expect([last.matches(''), last.matches('anything'), last.ratio, last.locked]).toEqual([true, true, 1, false]);
  });

  it('give every chat model of the default ModelRatio table a ratio of at least 1 without configuration', () => {
    for (const model of Object.keys(DEFAULT_MODEL_RATIO)) {
      expect(resolveCompletionRatio(model, none).ratio).toBeGreaterThanOrEqual(1);
    }
  });
});
