import { type BalanceApi, CHANNEL_TYPES, type ChannelType as ChannelTypeInfo, findChannelType } from '@modelgate/channel-types';
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
 * The reader of each balance API the catalogue names (its vendor rule `balance`): OpenAI's
 * dashboard billing endpoints (OpenAI, Custom), SiliconCloud's user info, DeepSeek's balance
 * endpoint. Every other type, Azure included, has none.
 */
const READERS: Readonly<Record<BalanceApi, BalanceReader>> = {
  openai: readOpenAIBalance,
  siliconflow: readSiliconFlowBalance,
  deepseek: readDeepSeekBalance,
};

/** The balance reader of a channel type, or undefined when its provider has no balance API. */
export function balanceReaderFor(typeId: number): BalanceReader | undefined {
  const api = findChannelType(typeId)?.rules.balance;
  return api === undefined ? undefined : READERS[api];
}

/** The type ids that have a balance reader. */
export function typesWithBalance(): number[] {
  return CHANNEL_TYPES.filter((type) => type.rules.balance !== undefined).map((type) => type.id);
}

/** The base URL of a channel's provider, or undefined when neither the channel nor its type has one. */
export function balanceBaseUrl(channel: Pick<ProbeChannel, 'base_url'>, type: ChannelTypeInfo): string | undefined {
  const configured = channel.base_url?.trim().replace(/\/+$/, '');
  return configured || type.defaultBaseUrl || undefined;
}
