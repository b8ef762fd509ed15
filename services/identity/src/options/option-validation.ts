import { DEFAULT_OPTIONS } from '@modelgate/db';
import { listEntries, parseAddressRanges, ValidationError } from '@modelgate/runtime';
import { checkJsonOption } from './option-json';
import { type OptionRule, optionRule } from './option-rules';
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

/** A refusal with its stable code and the parts the console's translation names (ADR 0028). */
const invalid = (message: string, code = 'invalid_option_value', params?: Record<string, string | number>) =>
  new ValidationError(message, params === undefined ? { code } : { code, details: params });

/** A plain decimal number (no hex, no `Infinity`, no empty string), trimmed. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseDecimal(value: string): number | undefined {
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

/** The message for a number outside its rule's bounds. */
function numberRefusal(key: string, rule: Extract<OptionRule, { kind: 'number' }>): ValidationError {
  if (rule.above !== undefined && rule.max !== undefined) {
    return invalid(OptionMessage.numberAboveAtMost(key, rule.above, rule.max), 'option_number_above_at_most', { key, min: rule.above, max: rule.max });
  }
  if (rule.above !== undefined) return invalid(OptionMessage.numberAbove(key, rule.above), 'option_number_above', { key, min: rule.above });
  if (rule.max !== undefined) {
    return invalid(OptionMessage.numberBetween(key, rule.min ?? 0, rule.max), 'option_number_between', { key, min: rule.min ?? 0, max: rule.max });
  }
  return invalid(OptionMessage.numberAtLeast(key, rule.min ?? 0), 'option_number_at_least', { key, min: rule.min ?? 0 });
}

/** Checks one value against its rule and returns it as it is stored. */
function normalise(key: string, value: string, rule: OptionRule): string {
  switch (rule.kind) {
    case 'text':
      return value;
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw invalid(OptionMessage.notBoolean(key), 'option_not_boolean', { key });
      return value;
    case 'address':
      return value.trim().replace(/\/+$/, '');
    case 'addressRanges': {
      const unknown = parseAddressRanges(value).invalid;
      if (unknown.length > 0) {
        throw invalid(OptionMessage.notAddressRanges(key, unknown.slice(0, 5)), 'option_not_address_ranges', { key, values: unknown.slice(0, 5).join(', ') });
      }
      return listEntries(value).join(',');
    }
    case 'choice':
      if (!rule.choices.includes(value)) throw invalid(OptionMessage.notChoice(key, rule.choices), 'option_not_choice', { key, choices: rule.choices.join(', ') });
      return value;
    case 'json': {
      const problem = checkJsonOption(key, value, rule.shape);
      if (problem?.kind === 'syntax') throw invalid(OptionMessage.notJson(rule.label ?? `${key} `), 'option_not_json', { key });
      if (problem) throw invalid(problem.message);
      return value;
    }
    case 'integer': {
      const number = parseDecimal(value);
      if (number === undefined || !Number.isSafeInteger(number) || number < rule.min || number > (rule.max ?? Infinity)) {
        throw rule.max === undefined
          ? invalid(OptionMessage.integerAtLeast(key, rule.min), 'option_integer_at_least', { key, min: rule.min })
          : invalid(OptionMessage.integerBetween(key, rule.min, rule.max), 'option_integer_between', { key, min: rule.min, max: rule.max });
      }
      return String(number);
    }
    case 'number': {
      const number = parseDecimal(value);
      const fits =
        number !== undefined &&
        Number.isFinite(number) &&
        (rule.above === undefined || number > rule.above) &&
        (rule.min === undefined || number >= rule.min) &&
        (rule.max === undefined || number <= rule.max);
      if (!fits) throw numberRefusal(key, rule);
      return String(number);
    }
  }
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
    if (!Object.hasOwn(DEFAULT_OPTIONS, key)) throw invalid(OptionMessage.unknownKey(key), 'unknown_option', { key });
    // A key of the defaults that no rule classifies yet is free text (a unit test prevents it).
    normalised[key] = normalise(key, value, optionRule(key) ?? { kind: 'text' });
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
