import type { BillingServiceDefinition } from '@modelgate/contracts';
import { UserEntity } from '@modelgate/db';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** `modelgate.billing.v1.BillingService`. */
export function createBillingHandlers(dataSource: DataSource): UnaryServiceImplementation<BillingServiceDefinition> {
  const users = dataSource.getRepository(UserEntity);
  return {
    async GetUserQuota(request) {
      const userId = Number(request.user_id);
      if (!Number.isSafeInteger(userId) || userId <= 0) {
        throw new ValidationError('user_id must be a positive integer');
      }
      const user = await users.findOne({
        where: { id: userId },
        select: { id: true, quota: true, used_quota: true, request_count: true },
      });
      if (!user) throw new NotFoundError(`user ${userId} not found`, { code: 'user_not_found' });
      return { quota: user.quota, used_quota: user.used_quota, request_count: user.request_count };
    },
  };
}
