/** Messages of the settings checks (spec §5 "Settings", the reference's where it has one). */
export const OptionMessage = {
  unknownKey: (key: string) => `未知的设置项：${key}`,
  notBoolean: (key: string) => `${key} 只能是 true 或 false`,
  notJson: (label: string) => `${label}不是合法的 JSON 字符串`,
  integerAtLeast: (key: string, min: number) => `${key} 必须是不小于 ${min} 的整数`,
  integerBetween: (key: string, min: number, max: number) => `${key} 必须是 ${min} 到 ${max} 之间的整数`,
  numberAbove: (key: string, above: number) => `${key} 必须是大于 ${above} 的数字`,
  numberAboveAtMost: (key: string, above: number, max: number) => `${key} 必须是大于 ${above} 且不大于 ${max} 的数字`,
  numberAtLeast: (key: string, min: number) => `${key} 必须是不小于 ${min} 的数字`,
  numberBetween: (key: string, min: number, max: number) => `${key} 必须是 ${min} 到 ${max} 之间的数字`,
  notChoice: (key: string, choices: readonly string[]) =>
    `${key} 只能是 ${choices.slice(0, -1).join('、')} 或 ${choices[choices.length - 1]}`,
  emailWhitelistRequired: '无法启用邮箱域名限制，请先填入限制的邮箱域名！',
  serverAddressRequired: '请先填写服务器地址',
  wellKnownScheme: 'OIDC Well-Known URL 必须以 http:// 或 https:// 开头',
  notAddressRanges: (key: string, invalid: readonly string[]) => `${key} 只能填写 IP 地址或 CIDR 网段（以逗号分隔），无法识别：${invalid.join('、')}`,
} as const;
