import { checkOptionValue, OptionMessage } from '@modelgate/contracts/options';
import { parseAddressRanges, ValidationError } from '@modelgate/runtime';
import { optionRule } from './option-rules';
import type { OptionReader } from './option-store';

/**
 * A sign-in method (or restriction) and the settings it cannot work without. Enabling it is
 * refused, with the reference's message, while any of them is empty.
 */
interface Prerequisite {
  flag: string;
  needs: readonly string[];
  message: string;
}

const PREREQUISITES: readonly Prerequisite[] = [
  {
    flag: 'GitHubOAuthEnabled',
    needs: ['GitHubClientId', 'GitHubClientSecret'],
    message: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
  },
  {
    flag: 'oidc.enabled',
    needs: ['oidc.client_id', 'oidc.client_secret'],
    message: '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！',
  },
  {
    flag: 'LinuxDOOAuthEnabled',
    needs: ['LinuxDOClientId', 'LinuxDOClientSecret'],
    message: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
  },
  {
    flag: 'WeChatAuthEnabled',
    needs: ['WeChatServerAddress', 'WeChatServerToken'],
    message: '无法启用微信登录，请先填入微信登录相关配置信息！',
  },
  {
    flag: 'TelegramOAuthEnabled',
    needs: ['TelegramBotToken'],
    message: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！',
  },
  {
    flag: 'TurnstileCheckEnabled',
    needs: ['TurnstileSiteKey', 'TurnstileSecretKey'],
    message: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
  },
];

export { OptionMessage } from '@modelgate/contracts/options';

/** A refusal with its stable code and the parts the console's translation names (ADR 0028). */
const invalid = (message: string, code = 'invalid_option_value', params?: Record<string, string | number>) =>
  new ValidationError(message, params === undefined ? { code } : { code, details: params });

/**
 * Checks one value against the registry's rule and returns it as it is stored. Address ranges
 * are also checked entry by entry with the outbound policy's own parser.
 */
function normalise(key: string, value: string): string {
  if (optionRule(key)?.kind === 'addressRanges') {
    const unknown = parseAddressRanges(value).invalid;
    if (unknown.length > 0) {
      throw invalid(OptionMessage.notAddressRanges(key, unknown.slice(0, 5)), 'option_not_address_ranges', { key, values: unknown.slice(0, 5).join(', ') });
    }
  }
  const result = checkOptionValue(key, value);
  if (!result.ok) throw invalid(result.message, result.code, result.params);
  return result.value;
}

/**
 * Validates a batch of option changes as one (spec §5 "Settings"): every key must be an option,
 * every value must fit the option's rule, and a sign-in method or restriction may only be switched
 * on when what it needs is set — judged on the options as they will be after the batch, so
 * credentials and the switch may arrive together. Returns the values to store (normalised:
 * addresses without trailing slashes, numbers in plain form); throws ValidationError for the
 * first problem, and then nothing may be written.
 */
export function validateOptionChanges(changes: Readonly<Record<string, string>>, current: OptionReader): Record<string, string> {
  const normalised: Record<string, string> = {};
  for (const [key, value] of Object.entries(changes)) {
    normalised[key] = normalise(key, value);
  }
  const after = (key: string) => (Object.hasOwn(normalised, key) ? normalised[key]! : current.get(key));
  const enabling = (flag: string) => normalised[flag] === 'true';

  for (const { flag, needs, message } of PREREQUISITES) {
    if (enabling(flag) && needs.some((key) => after(key).trim() === '')) {
      throw invalid(message, 'option_prerequisite_missing', { key: flag, needs: needs.join(', ') });
    }
  }
  if (enabling('EmailDomainRestrictionEnabled')) {
    const domains = after('EmailDomainWhitelist').split(',').filter((domain) => domain.trim() !== '');
    if (domains.length === 0) {
      throw invalid(OptionMessage.emailWhitelistRequired, 'option_prerequisite_missing', { key: 'EmailDomainRestrictionEnabled', needs: 'EmailDomainWhitelist' });
    }
  }
  // Payment callbacks are built on the server address (the console checks the same).
  if ((normalised.PayAddress ?? '') !== '' && after('ServerAddress') === '') {
    throw invalid(OptionMessage.serverAddressRequired, 'option_prerequisite_missing', { key: 'PayAddress', needs: 'ServerAddress' });
  }
  const wellKnown = normalised['oidc.well_known']?.trim() ?? '';
  if (wellKnown !== '' && !/^https?:\/\//i.test(wellKnown)) throw invalid(OptionMessage.wellKnownScheme, 'option_not_http_address', { key: 'oidc.well_known' });
  return normalised;
}
