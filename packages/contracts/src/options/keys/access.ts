import { address, flag, numeric, secret, text } from '../define';
import { OPTION_NUMBER_BOUNDS as BOUNDS } from '../../api-bounds';

/** Sign-in, registration, e-mail and the sign-in providers' credentials. */
export const ACCESS_OPTIONS = {
  // Access and sign-in
  PasswordLoginEnabled: flag(true),
  PasswordRegisterEnabled: flag(true),
  EmailVerificationEnabled: flag(false),
  RegisterEnabled: flag(true),
  GitHubOAuthEnabled: flag(false),
  WeChatAuthEnabled: flag(false),
  TelegramOAuthEnabled: flag(false),
  LinuxDOOAuthEnabled: flag(false),
  'oidc.enabled': flag(false),
  TurnstileCheckEnabled: flag(false),

  // Email restrictions
  EmailDomainRestrictionEnabled: flag(false),
  EmailAliasRestrictionEnabled: flag(false),
  EmailDomainWhitelist: text('gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com'),

  // SMTP
  SMTPServer: text(),
  SMTPPort: numeric(587, BOUNDS.SMTPPort),
  SMTPAccount: text(),
  SMTPFrom: text(),
  SMTPToken: secret(),
  SMTPSSLEnabled: flag(false),

  // Sign-in provider credentials
  GitHubClientId: text(),
  GitHubClientSecret: secret(),
  LinuxDOClientId: text(),
  LinuxDOClientSecret: secret(),
  WeChatServerAddress: address(),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: text(),
  TelegramBotToken: secret(),
  TelegramBotName: text(),
  // Not a secret in itself, but the reference never returns it (its name ends in `Key`).
  TurnstileSiteKey: secret(),
  TurnstileSecretKey: secret(),
  'oidc.client_id': text(),
  'oidc.client_secret': secret(),
  // Also checked for its scheme when written.
  'oidc.well_known': text(),
  'oidc.authorization_endpoint': text(),
  'oidc.token_endpoint': text(),
  'oidc.user_info_endpoint': text(),
} as const;
