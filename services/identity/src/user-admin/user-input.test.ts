import { parseOption } from '@modelgate/contracts/options';
import { FixedOptions } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import type { TypedOptionReader } from '../options/option-store';
import { formatLogQuota } from '../users/quota-text';
import { checkBalance, checkDisplayName, checkGroup, checkPassword, checkQuota, checkUsername, positiveId } from './user-input';

const GROUP_RATIO = groupRatio(JSON.stringify({ default: 1, vip: 1.5 }));

/** The GroupRatio option's typed value, from its stored text. */
function groupRatio(text: string) {
  return parseOption('GroupRatio', text);
}

function optionsOf(values: Record<string, string>): TypedOptionReader {
  return new FixedOptions(values);
}

describe('user input rules', () => {
  it('accepts usernames of 1 to 12 characters without whitespace, counted as people count', () => {
    expect(checkUsername('a')).toBe('a');
    expect(checkUsername('twelve-chars')).toBe('twelve-chars');
    expect(checkUsername('用户名用户名用户名用户名')).toHaveLength(12);
    expect(() => checkUsername('')).toThrow('输入不合法：用户名不能为空');
    expect(() => checkUsername('thirteen-char')).toThrow('输入不合法：用户名长度不能超过 12 个字符');
    for (const bad of ['a b', 'tab\there', 'nl\n', 'nul\u0000', 'nbsp\u00a0']) {
      expect(() => checkUsername(bad)).toThrow(ValidationError);
    }
  });

  it('falls back to the username for an empty display name and caps it at 20 characters', () => {
    expect(checkDisplayName('', 'alice')).toBe('alice');
    expect(checkDisplayName('Alice Liddell', 'alice')).toBe('Alice Liddell');
    expect(() => checkDisplayName('x'.repeat(21), 'alice')).toThrow('输入不合法：显示名称长度不能超过 20 个字符');
    expect(() => checkDisplayName('bell\u0007', 'alice')).toThrow(ValidationError);
  });

  it('wants passwords of 8 to 20 characters', () => {
    expect(checkPassword('12345678')).toBe('12345678');
    expect(checkPassword('x'.repeat(20))).toHaveLength(20);
    expect(() => checkPassword('1234567')).toThrow('输入不合法：密码长度不得小于 8 位');
    expect(() => checkPassword('x'.repeat(21))).toThrow('输入不合法：密码长度不得超过 20 位');
  });

  it('accepts only groups with a group ratio (and the default group)', () => {
    expect(checkGroup('vip', GROUP_RATIO)).toBe('vip');
    expect(checkGroup('default', groupRatio('{}'))).toBe('default');
    expect(checkGroup('default', groupRatio('not json'))).toBe('default');
    expect(() => checkGroup('svip', GROUP_RATIO)).toThrow('输入不合法：分组 svip 不存在，请先在系统设置中设置它的分组倍率');
    expect(() => checkGroup('toString', GROUP_RATIO)).toThrow(ValidationError);
    expect(() => checkGroup('vip', groupRatio('[]'))).toThrow(ValidationError);
    expect(() => checkGroup('', GROUP_RATIO)).toThrow('输入不合法：分组不能为空');
  });

  it('bounds balances and ids', () => {
    expect(checkQuota('-500', 'quota')).toBe(-500);
    expect(checkQuota('1000000000000000', 'quota')).toBe(1e15);
    expect(() => checkQuota('1000000000000001', 'quota')).toThrow(ValidationError);
    expect(() => checkQuota('9007199254740993', 'quota_delta')).toThrow(/quota_delta/);
    // A balance set outright: 0 to 10^15, never negative.
    expect(checkBalance('0')).toBe(0);
    expect(checkBalance('1000000000000000')).toBe(1e15);
    for (const value of ['-1', '1000000000000001', '1.5', 'abc']) expect(() => checkBalance(value)).toThrow('quota 必须是 0 到 1000000000000000 之间的整数');
    const error = () => new ValidationError('bad id');
    expect(positiveId('7', error)).toBe(7);
    for (const bad of ['0', '-1', '2147483648']) expect(() => positiveId(bad, error)).toThrow('bad id');
  });
});

describe('quota in log contents', () => {
  const currency = optionsOf({ DisplayInCurrencyEnabled: 'true', QuotaPerUnit: '500000' });
  const units = optionsOf({ DisplayInCurrencyEnabled: 'false', QuotaPerUnit: '500000' });

  it('shows dollars with six decimals, or raw units, like the reference', () => {
    expect(formatLogQuota(500_000, currency)).toBe('＄1.000000 额度');
    expect(formatLogQuota(-500, currency)).toBe('＄-0.001000 额度');
    expect(formatLogQuota(500_000, optionsOf({ DisplayInCurrencyEnabled: 'true', QuotaPerUnit: '1000' }))).toBe(
      '＄500.000000 额度',
    );
    expect(formatLogQuota(500_000, optionsOf({ DisplayInCurrencyEnabled: 'true', QuotaPerUnit: 'x' }))).toBe(
      '＄1.000000 额度',
    );
    expect(formatLogQuota(1234, units)).toBe('1234 点额度');
  });
});
