import { DEFAULT_GROUP } from '../constants';

/**
 * Which groups a user may use: the one rule behind the console's group choices (identity), a
 * token's group (identity when it is saved, the relay when it is used) and the playground's
 * group (the relay).
 */

/** Description of the user's own group when `UserUsableGroups` does not list it (the reference's). */
export const OWN_GROUP_DESC = '用户分组';

/** The group a user bills and routes in by default: their own, `default` when they have none. */
export function ownGroupOf(userGroup: string): string {
  return userGroup === '' ? DEFAULT_GROUP : userGroup;
}

/**
 * The groups a user of `userGroup` may use, name → description: every group of the
 * `UserUsableGroups` option (its typed value, in its order), then the user's own group when it is
 * not listed — described as "用户分组", or `default` for a user without a group.
 */
export function usableGroupsOf(userUsableGroups: Readonly<Record<string, unknown>>, userGroup: string): Map<string, string> {
  const groups = new Map<string, string>();
  for (const [name, desc] of Object.entries(userUsableGroups)) {
    if (name !== '') groups.set(name, typeof desc === 'string' ? desc : String(desc));
  }
  const own = ownGroupOf(userGroup);
  if (!groups.has(own)) groups.set(own, userGroup === '' ? DEFAULT_GROUP : OWN_GROUP_DESC);
  return groups;
}

/**
 * Whether a user of `userGroup` may use `group`: it is their own group, or one of the names
 * `UserUsableGroups` lists (`listed`, the option's keys as a service holds them in memory).
 */
export function mayUseGroup(listed: { has(name: string): boolean }, userGroup: string, group: string): boolean {
  return group !== '' && (group === ownGroupOf(userGroup) || listed.has(group));
}
