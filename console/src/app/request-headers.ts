import type { AuthUserJson } from '@modelgate/contracts/api';
import { readStoredJson, StorageKey } from '../common/local-storage';

/**
 * The signed-in user the console keeps (the login answer, spec §4 "Login"); a user stored by an
 * older release may lack the display name and group.
 */
export type StoredUser = Pick<AuthUserJson, 'id' | 'username' | 'role' | 'status'> & Partial<Pick<AuthUserJson, 'display_name' | 'group'>>;

export function storedUser(): StoredUser | null {
  const user = readStoredJson<StoredUser | null>(StorageKey.user, null);
  return user && typeof user.id === 'number' ? user : null;
}

/**
 * Headers on every call the console makes: the signed-in user's id (`-1` when signed out) and
 * no caching. The playground's streaming call uses them too.
 */
export function apiHeaders(userId: number | undefined): Record<string, string> {
  return { 'New-Api-User': String(userId ?? -1), 'Cache-Control': 'no-store' };
}
