import type { RedemptionServiceDefinition } from '@modelgate/contracts';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { BillingContext } from '../billing-context';
import { Redemptions } from '../redemptions/redemptions';
import { userIdOf } from './wire-ids';

/** Largest page of a code listing. */
const MAX_PAGE_SIZE = 100;
/** Longest search keyword (the name column is far shorter; anything longer matches nothing). */
const MAX_KEYWORD_LENGTH = 255;

/** A positive id from an int32 field. */
function idOf(value: number, field = 'id'): number {
  if (!Number.isInteger(value) || value <= 0) throw new ValidationError(`无效的参数：${field} 必须是正整数`);
  return value;
}

/** `modelgate.billing.v1.RedemptionService`: the wire side of {@link Redemptions}. */
export function createRedemptionHandlers(
  context: BillingContext,
): UnaryServiceImplementation<RedemptionServiceDefinition> {
  const redemptions = new Redemptions(context);
  return {
    async ListRedemptions(request) {
      const { page, page_size: pageSize } = request;
      if (!Number.isInteger(page) || page < 1) throw new ValidationError('无效的参数：页码必须是正整数');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
        throw new ValidationError(`无效的参数：每页数量必须在 1 到 ${MAX_PAGE_SIZE} 之间`);
      }
      const keyword = request.keyword.trim();
      if (keyword.length > MAX_KEYWORD_LENGTH) throw new ValidationError('无效的参数：搜索关键字过长');
      const { items, total } = await redemptions.list({ page, pageSize, keyword });
      return { items, total, page, page_size: pageSize };
    },

    async GetRedemption(request) {
      return { redemption: await redemptions.get(idOf(request.id)) };
    },

    async CreateRedemptions(request) {
      const keys = await redemptions.create(idOf(request.actor_id, 'actor_id'), {
        name: request.name,
        quota: request.quota,
        count: request.count,
      });
      return { keys };
    },

    async UpdateRedemption(request) {
      const redemption = await redemptions.update(idOf(request.id), { name: request.name, quota: request.quota });
      return { redemption };
    },

    async SetRedemptionStatus(request) {
      return { redemption: await redemptions.setStatus(idOf(request.id), request.status) };
    },

    async DeleteRedemption(request) {
      await redemptions.delete(idOf(request.id));
      return {};
    },

    async Redeem(request) {
      const quota = await redemptions.redeem({ userId: userIdOf(request.user_id), key: request.key });
      return { quota };
    },
  };
}
