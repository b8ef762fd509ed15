/**
 * The messages of redemption codes, as the reference server words them (its console's translation
 * table keys on them), plus ours, in the same style, where the reference has none.
 */
export const RedemptionMessage = {
  nameLength: '兑换码名称长度必须在1-20之间',
  countPositive: '兑换码个数必须大于0',
  countTooLarge: '一次兑换码批量生成的个数不能大于 100',
  quotaPositive: '兑换码额度必须大于0',
  quotaTooLarge: '兑换码额度过大',
  invalidStatus: '无效的兑换码状态，只能启用（1）或禁用（2）',
  notFound: '兑换码不存在',
  usedCannotEdit: '该兑换码已被使用，无法修改',
  usedCannotChangeStatus: '该兑换码已被使用，无法启用或禁用',
  keyRequired: '请输入兑换码！',
  invalidKey: '兑换失败，无效的兑换码',
  alreadyUsed: '兑换失败，该兑换码已被使用',
  disabled: '兑换失败，该兑换码已被禁用',
  userNotFound: '兑换失败，用户不存在',
} as const;
