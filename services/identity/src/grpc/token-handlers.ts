import type { TokenServiceDefinition } from '@modelgate/contracts';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';
import { TokenManager } from '../tokens/tokens';
import { INVALID_INPUT } from '../user-admin/user-admin-messages';
import { positiveId } from '../user-admin/user-input';

/** Largest page of a token listing. */
const MAX_PAGE_SIZE = 100;
/** Highest page number (0-based) served; keeps offsets small. */
const MAX_PAGE = 10_000_000;
/** Longest name keyword and key fragment searched for. */
const MAX_KEYWORD_LENGTH = 255;

const invalidTokenId = () => new ValidationError(`${INVALID_INPUT}令牌 ID 必须是正整数`, { code: 'invalid_token_id' });
/** The signed-in user's id; edge always sends it, so a missing one is a caller's bug. */
const userIdOf = (value: string) => positiveId(value, () => new ValidationError('user_id is required'));
/** A token id (`tokens.id` is an `integer`, like `users.id`). */
const tokenIdOf = (value: string) => positiveId(value, invalidTokenId);

/** `modelgate.identity.v1.TokenService`: the wire side of {@link TokenManager}. */
export function createTokenHandlers(context: IdentityContext): UnaryServiceImplementation<TokenServiceDefinition> {
  const tokens = new TokenManager(context);
  return {
    async ListTokens(request) {
      const { page, page_size: pageSize } = request;
      if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) {
        throw new ValidationError(`${INVALID_INPUT}页码必须是 0 到 ${MAX_PAGE} 之间的整数`);
      }
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
        throw new ValidationError(`${INVALID_INPUT}每页数量必须在 1 到 ${MAX_PAGE_SIZE} 之间`);
      }
      const keyword = request.keyword.trim();
      const key = request.key.trim().replace(/^sk-/, '');
      if (keyword.length > MAX_KEYWORD_LENGTH || key.length > MAX_KEYWORD_LENGTH) {
        throw new ValidationError(`${INVALID_INPUT}搜索关键字过长`);
      }
      const { items, total } = await tokens.list({ userId: userIdOf(request.user_id), page, pageSize, keyword, key });
      return { items, total, page, page_size: pageSize };
    },

    async GetToken(request) {
      return { token: await tokens.get(userIdOf(request.user_id), tokenIdOf(request.token_id)) };
    },

    async CreateTokens(request) {
      const created = await tokens.create(userIdOf(request.user_id), {
        name: request.name,
        count: request.count,
        expired_time: request.expired_time,
        remain_quota: request.remain_quota,
        unlimited_quota: request.unlimited_quota,
        model_limits_enabled: request.model_limits_enabled,
        model_limits: request.model_limits,
        allow_ips: request.allow_ips,
        group: request.group,
        rate_limit_rpm: request.rate_limit_rpm,
        rate_limit_tpm: request.rate_limit_tpm,
      });
      return { tokens: created };
    },

    async UpdateToken(request) {
      const token = await tokens.update(userIdOf(request.user_id), tokenIdOf(request.token_id), {
        name: request.name,
        expired_time: request.expired_time,
        remain_quota: request.remain_quota,
        unlimited_quota: request.unlimited_quota,
        model_limits_enabled: request.model_limits_enabled,
        model_limits: request.model_limits,
        allow_ips: request.allow_ips,
        group: request.group,
        status: request.status,
        rate_limit_rpm: request.rate_limit_rpm,
        rate_limit_tpm: request.rate_limit_tpm,
      });
      return { token };
    },

    async SetTokenStatus(request) {
      const token = await tokens.setStatus(userIdOf(request.user_id), tokenIdOf(request.token_id), request.status);
      return { token };
    },

    async DeleteToken(request) {
      await tokens.delete(userIdOf(request.user_id), tokenIdOf(request.token_id));
      return {};
    },
  };
}
