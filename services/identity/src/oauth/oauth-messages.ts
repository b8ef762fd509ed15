/**
 * The messages of third-party sign-in failures, worded as the reference does (its console shows
 * them as they come), plus the few checks the reference lacks.
 */

/** The external account kinds a user can sign in with, and their `users` column. */
export const EXTERNAL_PROVIDERS = {
  github: { column: 'github_id', label: 'GitHub', usernamePrefix: 'github', enabledOption: 'GitHubOAuthEnabled' },
  oidc: { column: 'oidc_id', label: 'OIDC', usernamePrefix: 'oidc', enabledOption: 'oidc.enabled' },
  linuxdo: { column: 'linux_do_id', label: 'Linux DO', usernamePrefix: 'linuxdo', enabledOption: 'LinuxDOOAuthEnabled' },
  wechat: { column: 'wechat_id', label: '微信', usernamePrefix: 'wechat', enabledOption: 'WeChatAuthEnabled' },
  telegram: { column: 'telegram_id', label: 'Telegram', usernamePrefix: 'telegram', enabledOption: 'TelegramOAuthEnabled' },
} as const;
export type ExternalProvider = keyof typeof EXTERNAL_PROVIDERS;
export type ExternalIdColumn = (typeof EXTERNAL_PROVIDERS)[ExternalProvider]['column'];

/** The providers reached through an authorization code and a state (the redirect flows). */
export const REDIRECT_PROVIDERS = ['github', 'oidc', 'linuxdo'] as const;
export type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

/** A provider's name inside a Chinese sentence: Latin names get spaces around them, 微信 none. */
function name(label: string): string {
  return /^[\x20-\x7e]+$/.test(label) ? ` ${label} ` : label;
}

export const OAuthMessage = {
  /** The state is missing, unknown, used, expired, or was issued to another browser. */
  badState: 'state is empty or not same',
  invalidParameter: '无效的参数',
  invalidRequest: '无效的请求',
  registrationClosed: '管理员关闭了新用户注册',
  banned: '用户已被封禁',
  deleted: '用户已注销',
  telegramExpired: 'Telegram 登录信息已过期，请重新登录',
  weChatCodeInvalid: '验证码错误或已过期',
  disabled: (provider: ExternalProvider) => `管理员未开启通过${name(EXTERNAL_PROVIDERS[provider].label)}登录以及注册`,
  alreadyBound: (provider: ExternalProvider) =>
    provider === 'wechat' ? '该微信账号已被绑定' : `该 ${EXTERNAL_PROVIDERS[provider].label} 账户已被绑定`,
  unreachable: (label: string) => `无法连接至${name(label)}服务器，请稍后重试！`,
  badAnswer: (label: string) => `${label} 返回值非法，用户字段为空，请稍后重试！`,
  rejected: (label: string, reason: string) => `${label} 授权失败：${reason}`,
  notConfigured: (label: string) => `${label} 登录未正确配置，请联系管理员`,
} as const;
