/**
 * Every message the account flows answer with. They are the reference implementation's own
 * (Chinese) texts wherever it has one, because the console's translation table is keyed by them;
 * the few new ones (for checks the reference lacks) follow its wording. Kept in one place so the
 * flows and their tests agree on each text; they reach the console unchanged through gRPC.
 */
export const AccountMessage = {
  invalidParameters: '无效的参数',

  // Registration
  registerDisabled: '管理员关闭了新用户注册',
  passwordRegisterDisabled: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
  usernameRequired: '用户名不能为空',
  usernameTooLong: '用户名长度不得超过 12 位！',
  passwordTooShort: '密码长度不得小于 8 位！',
  passwordTooLong: '密码长度不得超过 20 位！',
  passwordsDiffer: '两次输入的密码不一致',
  displayNameTooLong: '显示名称长度不得超过 20 位！',
  emailVerificationRequired: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
  codeInvalid: '验证码错误或已过期',
  usernameTaken: '用户名已存在，或已注销',

  // Sign-in
  passwordLoginDisabled: '管理员关闭了密码登录',
  wrongCredentials: '用户名或密码错误，或用户已被封禁',
  banned: '用户已被封禁',
  tooManySignInFailures: (seconds: number) => `该账户登录失败次数过多，请 ${seconds} 秒后再试`,

  // Email addresses and mail
  invalidEmail: '无效的邮箱地址',
  emailDomainNotAllowed:
    "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.",
  emailAliasNotAllowed: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。',
  emailTaken: '邮箱地址已被占用',
  sendTooSoon: (seconds: number) => `发送过于频繁，请 ${seconds} 秒后再试`,
  sendTooOften: '发送次数过多，请一小时后再试',

  // Password reset
  resetLinkInvalid: '重置链接非法或已过期',

  // Own account
  originalPasswordWrong: '原密码错误',
  cannotDeleteRoot: '不能删除超级管理员账户',
  userNotFound: '用户不存在',

  // Notification settings
  invalidNotifyType: '无效的预警类型',
  thresholdNotPositive: '预警阈值必须大于0',
  webhookUrlRequired: 'Webhook地址不能为空',
  webhookUrlInvalid: '无效的Webhook地址',
  webhookUrlNotHttps: 'Webhook地址必须以 https:// 开头',
  webhookSecretTooLong: 'Webhook密钥过长',
} as const;
