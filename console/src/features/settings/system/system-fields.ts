import type { TFunction } from 'i18next';
import type { OptionField } from '../form/option-fields';

type T = TFunction<'setting'>;

/** Spec §5: base addresses are saved without trailing slashes. */
export function stripTrailingSlashes(value: string): string {
  return value.replace(/\/+$/, '');
}

/** Whether `value` is an http:// or https:// address. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

/** The comma list of whitelisted domains: trimmed, empty entries and repeats dropped. */
export function normaliseDomainList(value: string): string {
  const domains = value
    .split(',')
    .map((domain) => domain.trim())
    .filter((domain) => domain !== '');
  return [...new Set(domains)].join(',');
}

/**
 * An address list as the server stores it: entries split on commas, spaces and new lines, empty
 * ones dropped, joined with commas (identity checks each entry is an address or a CIDR range).
 */
export function normaliseAddressList(value: string): string {
  return value
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .join(',');
}

/** Top-up group ratios: a JSON object of group → number ≥ 0 (the server checks the same shape). */
function checkGroupRatios(t: T) {
  return (value: string): string | undefined => {
    if (value.trim() === '') return undefined;
    const parsed: unknown = JSON.parse(value);
    const isRatios =
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((ratio) => typeof ratio === 'number' && ratio >= 0);
    return isRatios ? undefined : t('system.payment.groupRatio.shape');
  };
}

function wholeNumber(message: string) {
  return (value: string): string | undefined => (value.trim() === '' || Number.isInteger(Number(value)) ? undefined : message);
}

const serverAddress = (t: T): OptionField => ({
  key: 'ServerAddress',
  kind: 'text',
  label: t('system.general.serverAddress.label'),
  helperText: t('system.general.serverAddress.helper'),
  placeholder: 'https://gateway.example.com',
  normalise: stripTrailingSlashes,
});

export const generalFields = (t: T): OptionField[] => [serverAddress(t)];

export const workerFields = (t: T): OptionField[] => [
  {
    key: 'WorkerUrl',
    kind: 'text',
    label: t('system.worker.url.label'),
    helperText: t('system.worker.url.helper'),
    normalise: stripTrailingSlashes,
  },
  { key: 'WorkerValidKey', kind: 'secret', label: t('system.worker.key.label') },
];

/** The root's allow list for outbound calls (OutboundAllowedRanges, ADR 0021). */
export const outboundFields = (t: T): OptionField[] => [
  {
    key: 'OutboundAllowedRanges',
    kind: 'textarea',
    label: t('system.outbound.allowedRanges.label'),
    helperText: t('system.outbound.allowedRanges.helper'),
    placeholder: '127.0.0.1, 10.0.0.0/16',
    normalise: normaliseAddressList,
  },
];

export const paymentFields = (t: T): OptionField[] => [
  serverAddress(t),
  { key: 'PayAddress', kind: 'text', label: t('system.payment.payAddress.label'), normalise: stripTrailingSlashes },
  { key: 'EpayId', kind: 'text', label: t('system.payment.epayId.label') },
  { key: 'EpayKey', kind: 'secret', label: t('system.payment.epayKey.label') },
  {
    key: 'CustomCallbackAddress',
    kind: 'text',
    label: t('system.payment.callbackAddress.label'),
    helperText: t('system.payment.callbackAddress.helper'),
    normalise: stripTrailingSlashes,
  },
  {
    key: 'Price',
    kind: 'number',
    label: t('system.payment.price.label'),
    helperText: t('system.payment.price.helper'),
    placeholder: '7.3',
    min: 0,
  },
  {
    key: 'MinTopUp',
    kind: 'number',
    label: t('system.payment.minTopUp.label'),
    helperText: t('system.payment.minTopUp.helper'),
    placeholder: '1',
    min: 1,
    validate: wholeNumber(t('messages.notANumber')),
  },
  {
    key: 'TopupGroupRatio',
    kind: 'json',
    label: t('system.payment.groupRatio.label'),
    helperText: t('system.payment.groupRatio.helper'),
    placeholder: '{"vip": 0.9}',
    validate: checkGroupRatios(t),
  },
];

export const signInFields = (t: T): OptionField[] => [
  {
    key: 'PasswordLoginEnabled',
    kind: 'switch',
    label: t('system.signIn.passwordLogin'),
    confirmOff: t('system.signIn.passwordLoginConfirm'),
  },
  { key: 'PasswordRegisterEnabled', kind: 'switch', label: t('system.signIn.passwordRegister') },
  { key: 'EmailVerificationEnabled', kind: 'switch', label: t('system.signIn.emailVerification') },
  { key: 'RegisterEnabled', kind: 'switch', label: t('system.signIn.register') },
  { key: 'GitHubOAuthEnabled', kind: 'switch', label: t('system.signIn.github') },
  { key: 'WeChatAuthEnabled', kind: 'switch', label: t('system.signIn.wechat') },
  { key: 'TelegramOAuthEnabled', kind: 'switch', label: t('system.signIn.telegram') },
  { key: 'LinuxDOOAuthEnabled', kind: 'switch', label: t('system.signIn.linuxdo') },
  { key: 'oidc.enabled', kind: 'switch', label: t('system.signIn.oidc') },
  { key: 'TurnstileCheckEnabled', kind: 'switch', label: t('system.signIn.turnstile') },
];

/** The two restriction switches; the whitelist itself is edited as tags (SystemEmailSection). */
export const emailSwitchFields = (t: T): OptionField[] => [
  { key: 'EmailDomainRestrictionEnabled', kind: 'switch', label: t('system.email.domainRestriction') },
  { key: 'EmailAliasRestrictionEnabled', kind: 'switch', label: t('system.email.aliasRestriction') },
];

export const emailWhitelistField = (t: T): OptionField => ({
  key: 'EmailDomainWhitelist',
  kind: 'text',
  label: t('system.email.whitelist.label'),
  normalise: normaliseDomainList,
});

export const smtpFields = (t: T): OptionField[] => [
  { key: 'SMTPServer', kind: 'text', label: t('system.smtp.server.label'), placeholder: 'smtp.example.com' },
  {
    key: 'SMTPPort',
    kind: 'number',
    label: t('system.smtp.port.label'),
    placeholder: '587',
    min: 1,
    validate: (value) =>
      value.trim() === '' || (Number.isInteger(Number(value)) && Number(value) <= 65_535) ? undefined : t('system.smtp.port.integer'),
  },
  { key: 'SMTPAccount', kind: 'text', label: t('system.smtp.account.label') },
  { key: 'SMTPFrom', kind: 'text', label: t('system.smtp.from.label'), helperText: t('system.smtp.from.helper') },
  { key: 'SMTPToken', kind: 'secret', label: t('system.smtp.token.label') },
  { key: 'SMTPSSLEnabled', kind: 'switch', label: t('system.smtp.ssl.label'), helperText: t('system.smtp.ssl.helper') },
];

export const githubFields = (t: T): OptionField[] => [
  { key: 'GitHubClientId', kind: 'text', label: t('system.github.clientId.label') },
  { key: 'GitHubClientSecret', kind: 'secret', label: t('system.github.clientSecret.label') },
];

export const wechatFields = (t: T): OptionField[] => [
  { key: 'WeChatServerAddress', kind: 'text', label: t('system.wechat.address.label'), normalise: stripTrailingSlashes },
  { key: 'WeChatServerToken', kind: 'secret', label: t('system.wechat.token.label') },
  { key: 'WeChatAccountQRCodeImageURL', kind: 'text', label: t('system.wechat.qrCode.label') },
];

export const telegramFields = (t: T): OptionField[] => [
  { key: 'TelegramBotName', kind: 'text', label: t('system.telegram.botName.label') },
  { key: 'TelegramBotToken', kind: 'secret', label: t('system.telegram.botToken.label') },
];

export const turnstileFields = (t: T): OptionField[] => [
  { key: 'TurnstileSiteKey', kind: 'secret', label: t('system.turnstile.siteKey.label') },
  { key: 'TurnstileSecretKey', kind: 'secret', label: t('system.turnstile.secretKey.label') },
];

export const linuxdoFields = (t: T): OptionField[] => [
  { key: 'LinuxDOClientId', kind: 'text', label: t('system.linuxdo.clientId.label') },
  { key: 'LinuxDOClientSecret', kind: 'secret', label: t('system.linuxdo.clientSecret.label') },
];

export const OIDC_ENDPOINT_KEYS = {
  authorization: 'oidc.authorization_endpoint',
  token: 'oidc.token_endpoint',
  userInfo: 'oidc.user_info_endpoint',
} as const;

/** OIDC keys; the well-known URL comes last so the discovery button sits right under it. */
export const oidcFields = (t: T): OptionField[] => [
  { key: 'oidc.client_id', kind: 'text', label: t('system.oidc.clientId.label') },
  { key: 'oidc.client_secret', kind: 'secret', label: t('system.oidc.clientSecret.label') },
  ...(['authorization', 'token', 'userInfo'] as const).map(
    (name): OptionField => ({
      key: OIDC_ENDPOINT_KEYS[name],
      kind: 'text',
      label: t(`system.oidc.${name}.label`),
      helperText: t('system.oidc.endpointHelper'),
    }),
  ),
  {
    key: 'oidc.well_known',
    kind: 'text',
    label: t('system.oidc.wellKnown.label'),
    helperText: t('system.oidc.wellKnown.helper'),
    validate: (value) => (value.trim() === '' || isHttpUrl(value) ? undefined : t('system.oidc.wellKnown.scheme')),
  },
];
