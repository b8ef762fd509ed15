/**
 * The messages of user management, as the reference server words them (its console's translation
 * table keys on them), plus ours, in the same style, where the reference has none.
 */
export const UserAdminMessage = {
  /** The acting admin is unknown, deleted, banned or not an admin (edge checks this first). */
  insufficientRole: '无权进行此操作，权限不足',
  notFound: '用户不存在',
  deleted: '该用户已注销，无法操作',
  viewSameOrHigher: '无权获取同级或更高等级用户的信息',
  actOnSameOrHigher: '无权更新同权限等级或更高权限等级的用户信息',
  raiseRole: '无权将其他用户权限等级提升到大于等于自己的权限等级',
  createSameOrHigher: '无法创建权限大于等于自己的用户',
  credentialsRequired: '用户名和密码不能为空！',
  usernameTaken: '用户名已存在，或已注销',
  disableRoot: '无法禁用超级管理员用户',
  deleteRoot: '无法删除超级管理员用户',
  demoteRoot: '无法降级超级管理员用户',
  promoteByAdmin: '普通管理员用户无法提升其他用户为管理员',
  alreadyAdmin: '该用户已经是管理员',
  alreadyCommon: '该用户已经是普通用户',
  cannotEnable: '该用户处于不可启用状态，无法启用',
  invalidAction: '无效的参数：action 必须是 promote、demote、enable、disable 或 delete',
  quotaAndDelta: '无效的参数：quota 与 quota_delta 不能同时指定',
  balanceWouldBeNegative: '扣减后余额不能为负数',
} as const;

/** Prefix of input-validation failures, as in the reference (`输入不合法 …`). */
export const INVALID_INPUT = '输入不合法：';
