import { DEFAULT_GROUP, type TypedOptionReader } from '@modelgate/db';

/** Description of the user's own group when `UserUsableGroups` does not list it (the reference's). */
export const OWN_GROUP_DESC = '用户分组';

/** The groups a caller may use, as the price list reports them. */
export interface CallerGroups {
  /** Group → ratio, for every usable group `GroupRatio` prices (in `GroupRatio`'s order). */
  groupRatio: Record<string, number>;
  /** Group → description, for every usable group. */
  usableGroup: Record<string, string>;
}

/**
 * The groups a user of `userGroup` may use, as identity lists them for the token editor: every
 * group of `UserUsableGroups` (name → description), plus the user's own group when it is not
 * listed. An anonymous caller is answered for the default group. Ratios come from `GroupRatio`;
 * a malformed option counts as empty.
 */
export function callerGroups(options: TypedOptionReader, userGroup: string | undefined): CallerGroups {
  const own = userGroup === undefined || userGroup === '' ? DEFAULT_GROUP : userGroup;
  const usableGroup: Record<string, string> = {};
  for (const [name, desc] of Object.entries(options.value('UserUsableGroups'))) {
    if (name !== '') usableGroup[name] = typeof desc === 'string' ? desc : String(desc);
  }
  if (!Object.hasOwn(usableGroup, own)) usableGroup[own] = OWN_GROUP_DESC;
  const groupRatio: Record<string, number> = {};
  for (const [name, ratio] of Object.entries(options.value('GroupRatio'))) {
    if (Object.hasOwn(usableGroup, name) && typeof ratio === 'number' && Number.isFinite(ratio)) groupRatio[name] = ratio;
  }
  return { groupRatio, usableGroup };
}
