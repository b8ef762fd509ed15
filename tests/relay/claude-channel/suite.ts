// What the Anthropic SDK → Claude channel cases share: the stack and user the test file starts,
// its request helpers, and the ratios its quota expectations are computed with.
import type { RelayStack } from '../../support/relay-stack';
import type { anthropicClient, SentRequest, User } from '../anthropic-sdk-support';

export const INITIAL = 100_000_000;
export const KEY = 'sk-ant-1';
export const MAPPED_KEY = 'sk-ant-2';

/**
 * Claude's formula with this file's ratios for `sonnet-test` (ModelRatio 2, CompletionRatio 5,
 * CacheRatio 0.1; writes 1.25 and 2): trunc((in + read×0.1 + w5m×1.25 + w1h×2 + out×5) × 2 × group),
 * computed in hundredths so no float rounding can hide a unit.
 */
export function sonnetQuota(u: { input: number; read?: number; w5m?: number; w1h?: number; output: number }, group = 1): number {
  const hundredths = u.input * 100 + (u.read ?? 0) * 10 + (u.w5m ?? 0) * 125 + (u.w1h ?? 0) * 200 + u.output * 500;
  return Math.max(1, Math.trunc((hundredths * 2 * group) / 100));
}

export type Body = Record<string, any>;

export const CLAUDE_LOG_OTHER = {
  claude: true,
  model_ratio: 2,
  completion_ratio: 5,
  cache_ratio: 0.1,
  cache_creation_ratio: 1.25,
  cache_creation_ratio_1h: 2,
};

type UserOptions = Parameters<RelayStack['userWithToken']>;

/** The running stack and the helpers bound to it, read when a case runs (after `beforeAll`). */
export interface ClaudeChannelSuite {
  readonly stack: RelayStack;
  readonly user: User;
  /** The body of the upstream request number `index` (0-based). */
  sent(index: number): Body;
  client(apiKey?: string, options?: Parameters<typeof anthropicClient>[2], record?: SentRequest[]): ReturnType<typeof anthropicClient>;
  /** A fresh user, so its consume logs are this test's alone. */
  freshUser(token?: UserOptions[1], profile?: UserOptions[2]): ReturnType<RelayStack['userWithToken']>;
  /** A request that succeeds, for `expectNothingCharged`; returns its request id. */
  sentinel(apiKey: string, model?: string): () => Promise<string | null>;
}
