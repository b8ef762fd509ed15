import { Intent } from '@blueprintjs/core';
import type { PricingRow } from './pricing-api';

export const QUOTA_TYPE_PER_CALL = 1;

/** A group's ratio from the pricing answer; 1 when the answer does not name it. */
export function groupRatioOf(groupRatio: Record<string, number>, group: string): number {
  const ratio = groupRatio[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) ? ratio : 1;
}

/** Dollars with float noise removed (at most 6 decimals), e.g. `$0.075`. */
export function formatDollars(value: number): string {
  return `$${Number(value.toFixed(6))}`;
}

/** What a model costs at a group ratio (spec §9), in dollars; per-call or per 1M tokens. */
export type ModelPrice =
  | { kind: 'perCall'; price: number }
  | { kind: 'usage'; input: number; completion: number };

export function modelPriceOf(row: PricingRow, groupRatio: number): ModelPrice {
  if (row.quota_type === QUOTA_TYPE_PER_CALL) return { kind: 'perCall', price: row.model_price * groupRatio };
  const input = row.model_ratio * 2 * groupRatio;
  return { kind: 'usage', input, completion: input * row.completion_ratio };
}

/** Tag intent of a group ratio (spec §9): ≤ 1 green, above 1 blue, above 3 orange, above 5 red. */
export function groupRatioIntent(ratio: number): Intent {
  if (ratio > 5) return Intent.DANGER;
  if (ratio > 3) return Intent.WARNING;
  if (ratio > 1) return Intent.PRIMARY;
  return Intent.SUCCESS;
}

/** Fuzzy model-name match: every space-separated part of the query appears in the name, any case. */
export function matchesModel(name: string, query: string): boolean {
  const parts = query.toLowerCase().split(/\s+/).filter(Boolean);
  const lower = name.toLowerCase();
  return parts.every((part) => lower.includes(part));
}

/** Whether a model is served to `group`. */
export function isAvailable(row: PricingRow, group: string): boolean {
  return row.enable_groups.includes(group);
}
