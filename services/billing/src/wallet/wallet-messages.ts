/**
 * The messages of online top-up, as the reference server words them (its console's translation
 * table keys on them), plus ours, in the same style, where the reference has none.
 */
export const WalletMessage = {
  notEnabled: '管理员未开启在线充值！',
  belowMinimum: (minimum: number) => `充值数量不能小于 ${minimum}`,
  moneyTooLow: '充值金额过低',
  amountInvalid: '充值数量必须是正整数',
  amountTooLarge: '充值数量过大',
  unsupportedMethod: '不支持的支付方式，请选择 zfb（支付宝）或 wx（微信支付）',
  userNotFound: '用户不存在',
} as const;
