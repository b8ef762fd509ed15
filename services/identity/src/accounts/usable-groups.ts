import { usableGroupsOf } from '@modelgate/db';
import type { TypedOptionReader } from '../options/option-store';

/** One group a user may choose, as `ListUsableGroups` returns it. */
export interface UsableGroup {
  name: string;
  desc: string;
  /** GroupRatio's ratio; 0 when the group is not priced. */
  ratio: number;
  /** Whether GroupRatio prices the group. */
  priced: boolean;
}

/**
 * The groups a user of `userGroup` may use, like the reference's `GetUserUsableGroups`: every
 * group of the `UserUsableGroups` option (name → description), plus the user's own group when
 * it is not listed (`usableGroupsOf`, the rule every service shares). Each carries
 * its `GroupRatio` when priced. Priced groups come first in `GroupRatio`'s order (as the
 * reference lists them), then the unpriced ones. A malformed option counts as empty.
 */
export function usableGroups(options: TypedOptionReader, userGroup: string): UsableGroup[] {
  const groups = usableGroupsOf(options.value('UserUsableGroups'), userGroup);
  const result: UsableGroup[] = [];
  for (const [name, ratio] of Object.entries(options.value('GroupRatio'))) {
    const desc = groups.get(name);
    if (desc === undefined || typeof ratio !== 'number' || !Number.isFinite(ratio)) continue;
    result.push({ name, desc, ratio, priced: true });
    groups.delete(name);
  }
  for (const [name, desc] of groups) result.push({ name, desc, ratio: 0, priced: false });
  return result;
}
