import { INVALID_INPUT } from '../user-admin/user-admin-messages';

/**
 * The messages of token management, as the reference server and console word them (the
 * console's translation table keys on them), plus ours, in the same style, where it has none.
 */
export const TokenMessage = {
  /** Ours: the per-token limits (docs/adr/0025). */
  invalidRateLimit: (field: string, max: number) => `${field} must be a whole number from 0 (no limit) to ${max}`,
  notFound: '令牌不存在',
  nameRequired: '令牌名称不能为空',
  /** The reference's wording; the limit is 30 characters (`MAX_TOKEN_NAME_LENGTH`). */
  nameTooLong: '令牌名称过长',
  nameControl: `${INVALID_INPUT}令牌名称不能包含控制字符`,
  /** The console's own wording for an expiry it cannot read. */
  invalidExpiry: '过期时间格式错误！',
  expiredCannotEnable: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  exhaustedCannotEnable: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
  invalidStatus: `${INVALID_INPUT}令牌状态只能设置为 1（启用）或 2（禁用）`,
  invalidCount: `${INVALID_INPUT}创建数量必须是 1 到 100 之间的整数`,
  negativeQuota: `${INVALID_INPUT}令牌额度不能为负数`,
  quotaTooLarge: `${INVALID_INPUT}令牌额度超出有效范围`,
  groupTooLong: `${INVALID_INPUT}分组名称过长`,
} as const;

/** A group the user may not pick (not in UserUsableGroups, not their own). */
export const groupNotUsable = (group: string): string => `无权使用分组 ${group}，请选择管理员允许的分组`;

/** One line of the IP allow list that is neither an address nor a CIDR range. */
export const invalidAllowIp = (line: number, entry: string): string =>
  `${INVALID_INPUT}IP 白名单第 ${line} 行“${entry}”不是合法的 IP 地址或 CIDR 网段`;

export const tooManyAllowIps = (max: number): string => `${INVALID_INPUT}IP 白名单最多 ${max} 行`;
export const modelNameTooLong = (max: number): string => `${INVALID_INPUT}模型名称长度不能超过 ${max} 个字符`;
export const modelLimitsTooLong = (max: number): string => `${INVALID_INPUT}模型限制列表过长，最多 ${max} 个字符`;
