import type { UsageQueryServiceDefinition } from '@modelgate/contracts';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { BillingContext } from '../billing-context';
import { listQuotaData, quotaDataQueryOf } from '../dashboard/quota-data-query';
import { callerScopeOf } from '@modelgate/access';
import { INVALID_INPUT, logCriteriaOf } from '../logs/log-filter';
import { listLogs } from '../logs/log-query';
import { logStats } from '../logs/log-stats';
import { PricingCatalog } from '../pricing-catalog/pricing-catalog';

/** Largest page of a log listing. */
const MAX_PAGE_SIZE = 100;
/** Highest page number accepted (keeps offsets within reason). */
const MAX_PAGE = 10_000_000;

function pagingOf(page: number, pageSize: number): { page: number; pageSize: number } {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    throw new ValidationError(`${INVALID_INPUT}页码必须是 1 到 ${MAX_PAGE} 之间的整数`, { code: 'invalid_page' });
  }
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new ValidationError(`${INVALID_INPUT}每页数量必须在 1 到 ${MAX_PAGE_SIZE} 之间`, { code: 'invalid_page_size' });
  }
  return { page, pageSize };
}

/**
 * `modelgate.billing.v1.UsageQueryService`: logs, their statistics, dashboard totals and the
 * price list. Every log and dashboard call is scoped by its caller ({@link scopeOf}) before any
 * filter is read.
 */
export function createUsageQueryHandlers(context: BillingContext): UnaryServiceImplementation<UsageQueryServiceDefinition> {
  const { dataSource } = context;
  const catalog = new PricingCatalog(dataSource, context.options);
  return {
    async ListLogs(request) {
      const scope = callerScopeOf(request.caller);
      const criteria = logCriteriaOf(request.filter, scope);
      const { page, pageSize } = pagingOf(request.page, request.page_size);
      const { items, total } = await listLogs(dataSource, scope, criteria, page, pageSize);
      return { items, total, page, page_size: pageSize };
    },

    async LogStats(request) {
      const scope = callerScopeOf(request.caller);
      return logStats(dataSource, logCriteriaOf(request.filter, scope));
    },

    async ListQuotaData(request) {
      const scope = callerScopeOf(request.caller);
      return listQuotaData(dataSource, quotaDataQueryOf(request, scope));
    },

    async GetPricing(request) {
      const userId = Number(request.user_id);
      if (!Number.isSafeInteger(userId) || userId < 0) {
        throw new ValidationError('user_id must be a non-negative integer', { code: 'invalid_user_id' });
      }
      const list = await catalog.priceList(userId);
      return { rows: list.rows, group_ratio: list.groupRatio, usable_group: list.usableGroup };
    },
  };
}
