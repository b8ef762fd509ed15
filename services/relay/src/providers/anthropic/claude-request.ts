import { ValidationError } from '@modelgate/runtime';
import type { BuildRequestInput, ClaudeSettings } from '../types';

/**
 * How every Claude upstream (Anthropic's API, Bedrock) gets a Messages body, whichever protocol the
 * client spoke: the channel's model name, `max_tokens` from `claude.default_max_tokens` when the
 * client gave none, and the thinking adapter (spec §3 Claude settings).
 */

/** The API version sent when the client named none. */
export const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';
/** `max_tokens` when no option gives one: the reference's default. */
export const FALLBACK_MAX_TOKENS = 8192;
/** A thinking model needs room: `max_tokens` is raised to at least this (the reference's floor). */
export const THINKING_MIN_MAX_TOKENS = 1280;
/** Anthropic's smallest thinking budget. */
export const MIN_THINKING_BUDGET = 1024;
const THINKING_SUFFIX = '-thinking';

/** A Messages body for a Claude upstream, and the model to call. */
export interface ClaudeBody {
  readonly json: Record<string, unknown>;
  readonly model: string;
  /** The body differs from the one given (so the client's bytes cannot be sent as they are). */
  readonly changed: boolean;
}

/** Settings when the options give none (tests and the channel tester). */
export const DEFAULT_CLAUDE_SETTINGS: ClaudeSettings = Object.freeze({
  defaultMaxTokens: () => FALLBACK_MAX_TOKENS,
  modelHeaders: () => ({}),
  thinkingAdapterEnabled: true,
  thinkingBudgetShare: 0.8,
});

/** The thinking budget for a share of `maxTokens`: at least Anthropic's minimum, below `maxTokens`. */
export function thinkingBudget(maxTokens: number, share: number): number {
  return Math.min(Math.max(MIN_THINKING_BUDGET, Math.floor(maxTokens * share)), maxTokens - 1);
}

/** The model a Claude upstream is asked for: the channel's name, without a thinking adapter's suffix. */
export function claudeModelName(upstreamModel: string, settings: ClaudeSettings): string {
  return settings.thinkingAdapterEnabled && upstreamModel.endsWith(THINKING_SUFFIX)
    ? upstreamModel.slice(0, -THINKING_SUFFIX.length)
    : upstreamModel;
}

/**
 * Shapes a Messages body for a Claude upstream. A model name ending in `-thinking` (with the
 * thinking adapter on) loses the suffix and turns thinking on with a budget of
 * `thinkingBudgetShare × max_tokens`, `max_tokens` raised to at least 1280 and the sampling
 * parameters thinking refuses removed. A body without `max_tokens` takes the option's default for
 * the model; with no default configured the request is refused as Anthropic would refuse it.
 */
export function shapeClaudeBody(input: Pick<BuildRequestInput, 'json' | 'upstreamModel' | 'settings'>): ClaudeBody {
  const source = input.json ?? {};
  const settings = input.settings?.claude ?? DEFAULT_CLAUDE_SETTINGS;
  let json: Record<string, unknown> | undefined;
  const edit = (): Record<string, unknown> => (json ??= { ...source });

  const model = claudeModelName(input.upstreamModel, settings);
  const thinkingAdapter = model !== input.upstreamModel;
  if (source['model'] !== model) edit()['model'] = model;

  let maxTokens = source['max_tokens'];
  if (typeof maxTokens !== 'number') {
    maxTokens = settings.defaultMaxTokens(model);
    if (maxTokens === undefined) {
      throw new ValidationError('max_tokens: Field required', { code: 'invalid_request', details: { param: 'max_tokens' } });
    }
    edit()['max_tokens'] = maxTokens;
  }
  if (thinkingAdapter && source['thinking'] === undefined) {
    const body = edit();
    const room = Math.max(maxTokens as number, THINKING_MIN_MAX_TOKENS);
    body['max_tokens'] = room;
    body['thinking'] = { type: 'enabled', budget_tokens: thinkingBudget(room, settings.thinkingBudgetShare) };
    body['temperature'] = 1;
    delete body['top_p'];
    delete body['top_k'];
  }
  return { json: json ?? source, model, changed: json !== undefined };
}

/**
 * The `anthropic-beta` values to send: the client's, then the ones `claude.model_headers_settings`
 * adds for the model, each once.
 */
export function betaFeatures(input: Pick<BuildRequestInput, 'forwarded' | 'settings'>, model: string): string[] {
  const extra = (input.settings?.claude ?? DEFAULT_CLAUDE_SETTINGS).modelHeaders(model)['anthropic-beta'];
  const values = [input.forwarded?.anthropicBeta, extra]
    .flatMap((list) => (list ?? '').split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}
