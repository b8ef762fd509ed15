import type { EdgeOptionReader } from './edge-options';

/** A group a user may choose for a token, as `/api/user/groups` lists it. */
export interface UsableGroup {
  ratio: number;
  desc: string;
}

/**
 * `GroupRatio`: group name → price multiplier. Identity validates the option before storing it,
 * so only a value stored before validation existed can be malformed; its bad entries are skipped.
 */
export function groupRatios(options: EdgeOptionReader): Map<string, number> {
  const ratios = new Map<string, number>();
  for (const [name, ratio] of Object.entries(options.value('GroupRatio'))) {
    if (typeof ratio === 'number' && Number.isFinite(ratio)) ratios.set(name, ratio);
  }
  return ratios;
}

/**
 * The groups any user may choose, with ratio and description: the groups of `UserUsableGroups`
 * that have a ratio in `GroupRatio`, in `GroupRatio`'s order (the reference's public
 * `GetUserGroups`, which knows no caller and so shows the default set).
 */
export function usableGroups(options: EdgeOptionReader): Record<string, UsableGroup> {
  const descriptions = options.value('UserUsableGroups');
  const result: Record<string, UsableGroup> = {};
  for (const [name, ratio] of groupRatios(options)) {
    const desc = descriptions[name];
    if (typeof desc === 'string') result[name] = { ratio, desc };
  }
  return result;
}
