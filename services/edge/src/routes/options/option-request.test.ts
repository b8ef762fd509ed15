import { ValidationError } from '@modelgate/runtime';
import { checkOptionUpdate, isSecretOption } from './option-request';

/** The refusal of `checkOptionUpdate`, or undefined when the change passes. */
function refusal(key: string, value: string): { message: string; code: string | undefined } | undefined {
  try {
    checkOptionUpdate({ key, value });
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { message: error.message, code: error.code };
  }
}

describe('checkOptionUpdate', () => {
  it('refuses a value its registry rule refuses, with the rule message and code', () => {
    expect(refusal('RetryTimes', '11')).toEqual({ message: 'RetryTimes 必须是 0 到 10 之间的整数', code: 'option_integer_between' });
    expect(refusal('RegisterEnabled', 'yes')).toEqual({ message: 'RegisterEnabled 只能是 true 或 false', code: 'option_not_boolean' });
    expect(refusal('GroupRatio', '{"a": 1,')).toEqual({ message: 'GroupRatio 不是合法的 JSON 字符串', code: 'option_not_json' });
    expect(refusal('NoSuchOption', 'x')).toEqual({ message: '未知的设置项：NoSuchOption', code: 'unknown_option' });
  });

  it('passes a good value on as it is stored', () => {
    expect(checkOptionUpdate({ key: 'ServerAddress', value: ' https://gate.example/ ' })).toEqual({ key: 'ServerAddress', value: 'https://gate.example' });
    expect(checkOptionUpdate({ key: 'Price', value: '7.50' })).toEqual({ key: 'Price', value: '7.5' });
    expect(checkOptionUpdate({ key: 'Notice', value: ' hi ' })).toEqual({ key: 'Notice', value: ' hi ' });
  });
});

describe('isSecretOption', () => {
  it('follows the registry', () => {
    expect(['SMTPToken', 'GitHubClientSecret', 'oidc.client_secret', 'EpayKey', 'TurnstileSiteKey'].every(isSecretOption)).toBe(true);
    expect(['SMTPServer', 'GitHubClientId', 'oidc.client_id', 'ServerAddress'].some(isSecretOption)).toBe(false);
  });
});
