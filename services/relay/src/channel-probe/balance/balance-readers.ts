import type { ChannelType as ChannelTypeInfo } from '@modelgate/channel-types';
import type { ProbeChannel } from '../probe-store';
import type { GetJson } from './balance-http';
import { readDeepSeekBalance } from './deepseek-balance';
import { readOpenAIBalance } from './openai-balance';
import { readSiliconFlowBalance } from './siliconflow-balance';

/** What a balance reader gets: the channel, where its provider is, and a JSON GET. */
export interface BalanceQuery {
  readonly channel: ProbeChannel;
  /** The channel's base URL (no trailing slash), else its type's default. */
  readonly baseUrl: string;
  /** `Authorization: Bearer <key>`. */
  readonly auth: Readonly<Record<string, string>>;
  readonly getJson: GetJson;
  /** The current time, for date ranges. */
  readonly now: Date;
}

/** Reads a channel's balance from its provider; rejects with the provider's error. */
export type BalanceReader = (query: BalanceQuery) => Promise<number>;

/**
 * The channel types whose provider has a balance API, by type id (the reference's list, for the
 * types our catalogue has): OpenAI and Custom use OpenAI's dashboard billing endpoints,
 * SiliconCloud its user info, DeepSeek its balance endpoint. Every other type, Azure included,
 * has none.
 */
const READERS: ReadonlyMap<number, BalanceReader> = new Map([
  [1, readOpenAIBalance],
  [8, readOpenAIBalance],
  [40, readSiliconFlowBalance],
  [43, readDeepSeekBalance],
]);

/** The balance reader of a channel type, or undefined when its provider has no balance API. */
export function balanceReaderFor(typeId: number): BalanceReader | undefined {
  return READERS.get(typeId);
}

/** The type ids that have a balance reader. */
export function typesWithBalance(): number[] {
  return [...READERS.keys()];
}

/** The base URL of a channel's provider, or undefined when neither the channel nor its type has one. */
export function balanceBaseUrl(channel: Pick<ProbeChannel, 'base_url'>, type: ChannelTypeInfo): string | undefined {
  const configured = channel.base_url?.trim().replace(/\/+$/, '');
  return configured || type.defaultBaseUrl || undefined;
}
