import type { BillingServiceDefinition, Token__Output } from '@modelgate/contracts';
import type { TokenJson } from '@modelgate/contracts/api';
import { type GrpcClient, InternalError } from '@modelgate/runtime';
import { toTokenJson } from './json';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * Token views from identity's tokens and billing's balances, in one billing call for a whole
 * list. A token billing no longer knows was deleted since identity answered: a list leaves it
 * out (as it would a moment later).
 */
export async function withTokenBalances(
  billing: GrpcClient<BillingServiceDefinition>,
  tokens: readonly Token__Output[],
): Promise<TokenJson[]> {
  if (tokens.length === 0) return [];
  const { balances } = await billing.call('GetTokenBalances', { token_ids: tokens.map((token) => token.id) });
  const byId = new Map(balances.map((balance) => [balance.token_id, balance]));
  const now = nowSeconds();
  return tokens.flatMap((token) => {
    const balance = byId.get(token.id);
    return balance ? [toTokenJson(token, balance, now)] : [];
  });
}

/** One token view; identity always answers a token, so its absence is a fault. */
export async function withTokenBalance(
  billing: GrpcClient<BillingServiceDefinition>,
  token: Token__Output | null,
): Promise<TokenJson> {
  if (!token) throw new InternalError('identity answered without a token');
  const [json] = await withTokenBalances(billing, [token]);
  if (!json) throw new InternalError(`billing answered without the balance of token ${token.id}`);
  return json;
}
