import { aUser } from './user-fixtures';
import { offeredActions, roleLabel, statusLabel } from './user-rules';

const ADMIN = 10;
const ROOT = 100;

const names = (actorRole: number, fields: Parameters<typeof aUser>[0]) =>
  offeredActions(actorRole, aUser(fields)).map(({ action, blockedBy }) => (blockedBy ? `${action}:${blockedBy}` : action));

describe('user rules', () => {
  it('labels roles and statuses, unknown ones included', () => {
    expect([1, 10, 100, 5].map(roleLabel)).toEqual(['common', 'admin', 'root', 'unknown']);
    expect(statusLabel(aUser({ status: 1 }))).toBe('active');
    expect(statusLabel(aUser({ status: 2 }))).toBe('banned');
    expect(statusLabel(aUser({ status: 3 }))).toBe('locked');
    expect(statusLabel(aUser({ status: 1, deleted_at: 5 }))).toBe('deleted');
    expect(statusLabel(aUser({ status: 1, DeletedAt: '2024-01-01T00:00:00Z' }))).toBe('deleted');
  });

  it('offers nothing on users of the same or higher role, nor on deleted users', () => {
    expect(names(ADMIN, { role: ROOT })).toEqual([]);
    expect(names(ADMIN, { role: ADMIN })).toEqual([]);
    expect(names(ROOT, { role: ROOT })).toEqual([]);
    expect(names(ROOT, { role: 1, deleted_at: 1 })).toEqual([]);
  });

  it('lets the super admin promote common users and demote admins', () => {
    expect(names(ROOT, { role: 1 })).toEqual(['promote', 'disable', 'edit', 'delete']);
    expect(names(ROOT, { role: ADMIN, status: 2 })).toEqual(['demote', 'enable', 'edit', 'delete']);
  });

  it('shows a plain admin the promote action as unavailable', () => {
    expect(names(ADMIN, { role: 1 })).toEqual(['promote:adminCannotPromote', 'disable', 'edit', 'delete']);
  });

  it('never offers to enable a user who cannot be enabled', () => {
    expect(names(ROOT, { role: 1, status: 3 })).toEqual(['promote', 'enable:cannotEnable', 'edit', 'delete']);
  });
});
