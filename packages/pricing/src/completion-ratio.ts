/**
 * Completion-ratio resolution (reference §3.7): the price of an output token as a multiple of the
 * input price. Resolution, for a model name already normalised (gizmo wildcards collapsed):
 *
 * 1. a name containing `/` (OpenRouter-style ids) takes its configured `CompletionRatio` entry
 *    first, if it has one;
 * 2. otherwise the first rule of {@link COMPLETION_RATIO_RULES} that matches the name decides: a
 *    **locked** rule's ratio is final — the `CompletionRatio` option cannot override it;
 * 3. an unlocked rule yields to a configured entry for the name;
 * 4. otherwise the unlocked rule's ratio is the fallback (the last rule matches everything: 1).
 *
 * The rules tagged `reference` are the reference's hard-coded rules, in its order and with its
 * ratios and locks. The rules tagged `modelgate` are ours: they price, at the providers' list
 * output/input ratios, models of our default `ModelRatio` table that the reference's rules do not
 * know (gpt-4.1, gpt-5, o4-mini, Claude 4, Gemini 2.5, Grok, …) and would otherwise bill at a
 * generic fallback (gpt-5's output at 1× instead of 8×). They never displace a locked reference
 * rule, and they are all unlocked, so the `CompletionRatio` option still overrides every one.
 */
export interface CompletionRatioRule {
  /** Human-readable description of what the rule matches. */
  readonly id: string;
  readonly matches: (name: string) => boolean;
  readonly ratio: number;
  /** A locked ratio cannot be overridden through the `CompletionRatio` option. */
  readonly locked: boolean;
  readonly source: 'reference' | 'modelgate';
}

/** How a completion ratio was decided. */
export interface CompletionRatioResolution {
  readonly ratio: number;
  readonly locked: boolean;
  /** `configured`: the `CompletionRatio` option; `rule`: a hard-coded rule (see `rule`). */
  readonly source: 'configured' | 'rule';
  /** The rule that claimed the name (also set when a configured entry overrode an unlocked rule). */
  readonly rule: string;
}

type Test = (name: string) => boolean;
const exact =
  (...names: string[]): Test =>
  (name) =>
    names.includes(name);
const prefix =
  (...prefixes: string[]): Test =>
  (name) =>
    prefixes.some((p) => name.startsWith(p));
const suffix =
  (...suffixes: string[]): Test =>
  (name) =>
    suffixes.some((s) => name.endsWith(s));
const contains =
  (...parts: string[]): Test =>
  (name) =>
    parts.some((p) => name.includes(p));
const both =
  (a: Test, b: Test): Test =>
  (name) =>
    a(name) && b(name);
const either =
  (a: Test, b: Test): Test =>
  (name) =>
    a(name) || b(name);
const lowercase =
  (test: Test): Test =>
  (name) =>
    test(name.toLowerCase());

/** The reference's GPT-4 family: `gpt-4*` except the `-all` and `-gizmo-*` reserved names. */
const gpt4Family: Test = (name) => name.startsWith('gpt-4') && !name.endsWith('-all') && !name.endsWith('-gizmo-*');

const ref = (id: string, matches: Test, ratio: number, locked: boolean): CompletionRatioRule => ({
  id,
  matches,
  ratio,
  locked,
  source: 'reference',
});
const ours = (id: string, matches: Test, ratio: number): CompletionRatioRule => ({
  id,
  matches,
  ratio,
  locked: false,
  source: 'modelgate',
});

/** The hard-coded rules, first match wins (see the module comment for the resolution order). */
export const COMPLETION_RATIO_RULES: readonly CompletionRatioRule[] = Object.freeze([
  // OpenAI GPT-4 family.
  ref('gpt-4o-2024-05-13', both(gpt4Family, exact('gpt-4o-2024-05-13')), 3, true),
  ref('gpt-4o*', both(gpt4Family, prefix('gpt-4o')), 4, true),
  ref('gpt-4.5-preview*', both(gpt4Family, prefix('gpt-4.5-preview')), 2, true),
  ref(
    'gpt-4-turbo*, *gpt-4-1106, *gpt-4-1105',
    both(gpt4Family, either(prefix('gpt-4-turbo'), suffix('gpt-4-1106', 'gpt-4-1105'))),
    3,
    true,
  ),
  ours('gpt-4.1*', both(gpt4Family, prefix('gpt-4.1')), 4), // $2 / $8
  ours(
    'gpt-4 Turbo previews',
    exact('gpt-4-0125-preview', 'gpt-4-1106-preview', 'gpt-4-vision-preview', 'gpt-4-1106-vision-preview'),
    3, // $10 / $30
  ),
  ref('other gpt-4*', gpt4Family, 2, false),
  ours('gpt-5*', prefix('gpt-5'), 8), // $1.25 / $10
  // OpenAI reasoning models.
  ref('o1*, o3*', prefix('o1', 'o3'), 4, true),
  ours('o4-mini*', prefix('o4-mini'), 4), // $1.10 / $4.40
  ref('chatgpt-4o-latest', exact('chatgpt-4o-latest'), 3, true),
  // Anthropic.
  ref('*claude-instant-1*', contains('claude-instant-1'), 3, true),
  ref('*claude-2*', contains('claude-2'), 3, true),
  ref('*claude-3*', contains('claude-3'), 5, true),
  ours(
    '*claude-sonnet-4*, *claude-opus-4*, *claude-haiku-4*',
    contains('claude-sonnet-4', 'claude-opus-4', 'claude-haiku-4'),
    5, // $3 / $15, $15 / $75, $1 / $5
  ),
  // OpenAI GPT-3.5.
  ref('gpt-3.5-turbo, gpt-3.5*0125', either(exact('gpt-3.5-turbo'), both(prefix('gpt-3.5'), suffix('0125'))), 3, true),
  ref('gpt-3.5*1106', both(prefix('gpt-3.5'), suffix('1106')), 2, true),
  ref('other gpt-3.5*', prefix('gpt-3.5'), 4 / 3, true),
  // Mistral AI.
  ref('mistral-*', prefix('mistral-'), 3, true),
  ours('magistral-medium*', prefix('magistral-medium'), 2.5), // $2 / $5
  ours(
    'magistral-small*, codestral*, pixtral-large*, open-mixtral-8x22b*',
    prefix('magistral-small', 'codestral', 'pixtral-large', 'open-mixtral-8x22b'),
    3, // $0.50 / $1.50, $0.30 / $0.90, $2 / $6, $2 / $6
  ),
  // Google Gemini.
  ref('gemini-1.5*', prefix('gemini-1.5'), 4, true),
  ref('gemini-2.0*', prefix('gemini-2.0'), 4, true),
  ref('gemini-2.5-pro-preview*', prefix('gemini-2.5-pro-preview'), 8, true),
  ours('gemini-2.5-pro*', prefix('gemini-2.5-pro'), 8), // $1.25 / $10
  ours('gemini-2.5-flash', exact('gemini-2.5-flash'), 2.5 / 0.3), // $0.30 / $2.50
  ours('gemini-1.0-pro', exact('gemini-1.0-pro'), 3), // $0.50 / $1.50
  ref('other gemini-*', prefix('gemini-'), 4, false),
  // Cohere.
  ref('command-r', exact('command-r'), 3, true),
  ref('command-r-plus', exact('command-r-plus'), 5, true),
  ref('command-r-08-2024, command-r-plus-08-2024', exact('command-r-08-2024', 'command-r-plus-08-2024'), 4, true),
  ours('command, command-light', exact('command', 'command-light'), 2), // $1 / $2, $0.30 / $0.60
  ref('other command*', prefix('command'), 4, false),
  // DeepSeek (compared case-insensitively, as the reference does).
  ref('deepseek-chat, deepseek-reasoner', lowercase(exact('deepseek-chat', 'deepseek-reasoner')), 4, true),
  ours('deepseek-coder', lowercase(exact('deepseek-coder')), 4), // an alias of deepseek-chat
  // Baidu ERNIE.
  ref(
    'ERNIE-Speed-*, ERNIE-Lite-*, ERNIE-Character*, ERNIE-Functions*',
    prefix('ERNIE-Speed-', 'ERNIE-Lite-', 'ERNIE-Character', 'ERNIE-Functions'),
    2,
    true,
  ),
  // Groq-hosted Llama.
  ref('llama2-70b-4096', exact('llama2-70b-4096'), 0.8 / 0.64, true),
  ref('llama3-8b-8192', exact('llama3-8b-8192'), 2, true),
  ref('llama3-70b-8192', exact('llama3-70b-8192'), 0.79 / 0.59, true),
  // xAI.
  ours('grok-beta, grok-vision-beta', exact('grok-beta', 'grok-vision-beta'), 3), // $5 / $15
  ours('grok-3-mini-fast*', prefix('grok-3-mini-fast'), 4 / 0.6), // $0.60 / $4
  ours('grok-3-mini*', prefix('grok-3-mini'), 0.5 / 0.3), // $0.30 / $0.50
  ours('grok-4-fast*', prefix('grok-4-fast'), 2.5), // $0.20 / $0.50
  ours('grok-code-fast*', prefix('grok-code-fast'), 7.5), // $0.20 / $1.50
  ours('grok-2*, grok-3*, grok-4*', prefix('grok-2', 'grok-3', 'grok-4'), 5), // $2 / $10, $3 / $15, $5 / $25
  // Everything else.
  ref('everything else', () => true, 1, false),
]);

/**
 * The completion ratio of `name` (normalised, see `normalizeModelName`) given the configured
 * `CompletionRatio` map. Never throws; the last rule matches every name.
 */
export function resolveCompletionRatio(
  name: string,
  configured: ReadonlyMap<string, number>,
): CompletionRatioResolution {
  const rule = COMPLETION_RATIO_RULES.find((candidate) => candidate.matches(name))!;
  const configuredRatio = configured.get(name);
  if (name.includes('/') && configuredRatio !== undefined) {
    return { ratio: configuredRatio, locked: false, source: 'configured', rule: rule.id };
  }
  if (rule.locked) return { ratio: rule.ratio, locked: true, source: 'rule', rule: rule.id };
  if (configuredRatio !== undefined) {
    return { ratio: configuredRatio, locked: false, source: 'configured', rule: rule.id };
  }
  return { ratio: rule.ratio, locked: false, source: 'rule', rule: rule.id };
}
