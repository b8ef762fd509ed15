import type { PricingRow } from '@modelgate/contracts';
import type { TypedOptionReader } from '@modelgate/db';
import { buildPriceTable, PRICING_OPTION_KEYS, type PriceTable, resolveModelPricing } from '@modelgate/pricing';
import type { DataSource } from 'typeorm';
import { type CallerGroups, callerGroups } from './usable-groups';

/** The public price list (`GET /api/pricing`) and the caller's groups. */
export interface PriceList extends CallerGroups {
  rows: PricingRow[];
}

/** `quota_type` of a model priced per call and of one priced by ratios. */
export const QuotaType = { Ratio: 0, FixedPrice: 1 } as const;

/**
 * Builds the pricing page's data: one row per model that an enabled channel serves, priced from
 * the current options with the same engine (`@modelgate/pricing`) that bills requests, and the
 * groups the caller may use. The price table is rebuilt only when a pricing option changed.
 */
export class PricingCatalog {
  private table: { key: string; table: PriceTable } | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: TypedOptionReader,
  ) {}

  /** The price list for `userId` (0 or a user that no longer exists: anonymous). */
  async priceList(userId: number): Promise<PriceList> {
    const models = (await this.dataSource.query(
      `SELECT a.model, array_agg(DISTINCT a."group" ORDER BY a."group") AS groups
         FROM abilities a JOIN channels c ON c.id = a.channel_id
        WHERE a.enabled AND c.status = 1
        GROUP BY a.model
        ORDER BY a.model`,
    )) as Array<{ model: string; groups: string[] }>;
    const table = this.priceTable();
    const rows = models.map(({ model, groups }) => pricingRow(table, model, groups));
    return { rows, ...callerGroups(this.options, await this.groupOf(userId)) };
  }

  private async groupOf(userId: number): Promise<string | undefined> {
    if (userId <= 0) return undefined;
    const users = (await this.dataSource.query(`SELECT "group" FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId])) as Array<{
      group: string;
    }>;
    return users[0]?.group;
  }

  private priceTable(): PriceTable {
    const values = Object.fromEntries(PRICING_OPTION_KEYS.map((key) => [key, this.options.get(key)]));
    const key = JSON.stringify(values);
    if (this.table?.key !== key) this.table = { key, table: buildPriceTable(values) };
    return this.table.table;
  }
}

/**
 * The row of one model. A model with a fixed price shows it (`quota_type` 1, ratios 0); any other
 * shows its model and completion ratios — for a model with neither, the ratio it would be billed
 * at where unpriced models are accepted.
 */
export function pricingRow(table: PriceTable, model: string, groups: string[]): PricingRow {
  const resolved = resolveModelPricing(table, { model, group: '', acceptUnsetModelRatio: true });
  // With unset models accepted, resolution cannot fail; the guard keeps the types honest.
  if (!resolved.ok) return { model_name: model, quota_type: QuotaType.Ratio, model_ratio: 0, completion_ratio: 0, model_price: 0, enable_groups: groups };
  const { pricing } = resolved;
  return pricing.usePrice
    ? { model_name: model, quota_type: QuotaType.FixedPrice, model_ratio: 0, completion_ratio: 0, model_price: pricing.modelPrice, enable_groups: groups }
    : {
        model_name: model,
        quota_type: QuotaType.Ratio,
        model_ratio: pricing.modelRatio,
        completion_ratio: pricing.completionRatio,
        model_price: 0,
        enable_groups: groups,
      };
}
