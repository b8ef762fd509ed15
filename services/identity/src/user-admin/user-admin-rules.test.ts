import { PermissionDeniedError, PreconditionFailedError } from '@modelgate/runtime';
import { assertCanAct, assertCanView, type ManageAction, planManageAction } from './user-admin-rules';

const common = { role: 1, status: 1 };
const banned = { role: 1, status: 2 };
const locked = { role: 1, status: 3 };
const admin = { role: 10, status: 1 };
const root = { role: 100, status: 1 };

describe('user-management rules', () => {
  it('lets admins view users below them and the super admin view everyone', () => {
    expect(() => assertCanView(admin, common)).not.toThrow();
    expect(() => assertCanView(admin, admin)).toThrow('无权获取同级或更高等级用户的信息');
    expect(() => assertCanView(admin, root)).toThrow(PermissionDeniedError);
    expect(() => assertCanView(root, root)).not.toThrow();
  });

  it('lets nobody act on the same or a higher role, the super admin included', () => {
    expect(() => assertCanAct(admin, common)).not.toThrow();
    expect(() => assertCanAct(root, admin)).not.toThrow();
    for (const [actor, target] of [
      [admin, admin],
      [admin, root],
      [root, root],
    ]) {
      expect(() => assertCanAct(actor!, target!)).toThrow('无权更新同权限等级或更高权限等级的用户信息');
    }
  });

  it.each<[string, typeof root, typeof root, ManageAction, string]>([
    ['admin disables root', admin, root, 'USER_ACTION_DISABLE', '无法禁用超级管理员用户'],
    ['root disables root', root, root, 'USER_ACTION_DISABLE', '无法禁用超级管理员用户'],
    ['root deletes root', root, root, 'USER_ACTION_DELETE', '无法删除超级管理员用户'],
    ['root demotes root', root, root, 'USER_ACTION_DEMOTE', '无法降级超级管理员用户'],
    ['admin promotes a user', admin, common, 'USER_ACTION_PROMOTE', '普通管理员用户无法提升其他用户为管理员'],
    ['admin enables an admin', admin, admin, 'USER_ACTION_ENABLE', '无权更新同权限等级或更高权限等级的用户信息'],
    ['root enables root', root, root, 'USER_ACTION_ENABLE', '无权更新同权限等级或更高权限等级的用户信息'],
  ])('refuses: %s', (_name, actor, target, action, message) => {
    expect(() => planManageAction(actor, target, action)).toThrow(new PermissionDeniedError(message));
  });

  it.each<[string, typeof root, ManageAction, string]>([
    ['promote an admin', admin, 'USER_ACTION_PROMOTE', '该用户已经是管理员'],
    ['demote a common user', common, 'USER_ACTION_DEMOTE', '该用户已经是普通用户'],
    ['enable a user who cannot be enabled', locked, 'USER_ACTION_ENABLE', '该用户处于不可启用状态，无法启用'],
  ])('refuses to %s', (_name, target, action, message) => {
    expect(() => planManageAction(root, target, action)).toThrow(new PreconditionFailedError(message));
  });

  it.each<[string, typeof root, typeof root, ManageAction, object]>([
    ['root promotes', root, common, 'USER_ACTION_PROMOTE', { role: 10, status: 1, delete: false, reason: 'role' }],
    ['root demotes', root, admin, 'USER_ACTION_DEMOTE', { role: 1, status: 1, delete: false, reason: 'role' }],
    ['admin bans', admin, common, 'USER_ACTION_DISABLE', { role: 1, status: 2, delete: false, reason: 'status' }],
    ['admin unbans', admin, banned, 'USER_ACTION_ENABLE', { role: 1, status: 1, delete: false, reason: 'status' }],
    ['admin deletes', admin, banned, 'USER_ACTION_DELETE', { role: 1, status: 2, delete: true, reason: 'deleted' }],
    ['enabling an enabled user changes nothing', admin, common, 'USER_ACTION_ENABLE', { status: 1, reason: undefined }],
    ['banning a banned user changes nothing', admin, banned, 'USER_ACTION_DISABLE', { status: 2, reason: undefined }],
    ['banning keeps "cannot be enabled"', admin, locked, 'USER_ACTION_DISABLE', { status: 3, reason: undefined }],
  ])('plans: %s', (_name, actor, target, action, expected) => {
    expect(planManageAction(actor, target, action)).toMatchObject(expected);
  });
});
