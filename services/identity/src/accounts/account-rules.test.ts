import {
  characterCount,
  checkDisplayName,
  checkEmail,
  checkEmailRestrictions,
  checkNewPassword,
  checkUsername,
  isEmailAddress,
  quotaOption,
} from './account-rules';
import { FixedOptions } from '@modelgate/db';

const optionsOf = (values: Record<string, string>) => new FixedOptions(values);

describe('account rules', () => {
  it('trims usernames and limits them to 12 characters, counting code points', () => {
    expect(checkUsername('  alice ')).toBe('alice');
    expect(checkUsername('一二三四五六七八九十一二')).toHaveLength(12);
    expect(characterCount('😀😀')).toBe(2);
    expect(() => checkUsername('   ')).toThrow('用户名不能为空');
    expect(() => checkUsername('abcdefghijklm')).toThrow('用户名长度不得超过 12 位！');
    expect(() => checkUsername('tab\there')).toThrow('无效的参数');
  });

  it('requires passwords of 8 to 20 characters', () => {
    expect(checkNewPassword('12345678')).toBe('12345678');
    expect(checkNewPassword('x'.repeat(20))).toHaveLength(20);
    expect(() => checkNewPassword('1234567')).toThrow('密码长度不得小于 8 位！');
    expect(() => checkNewPassword('x'.repeat(21))).toThrow('密码长度不得超过 20 位！');
    expect(() => checkNewPassword('密码密码密码密')).toThrow('密码长度不得小于 8 位！');
  });

  it('limits display names to 20 characters', () => {
    expect(checkDisplayName('  Ann  ')).toBe('Ann');
    expect(() => checkDisplayName('d'.repeat(21))).toThrow('显示名称长度不得超过 20 位！');
  });

  it('accepts plausible addresses only, normalised', () => {
    expect(checkEmail(' Ann@Example.COM ')).toBe('ann@example.com');
    for (const good of ['a@b.co', 'first.last+tag@sub.example.org']) expect(isEmailAddress(good)).toBe(true);
    for (const bad of ['', 'a@b', 'a@@b.co', 'a b@c.co', 'a@.b.co', 'a@b..co', `${'x'.repeat(65)}@b.co`, 'a@b.c']) {
      expect([bad, isEmailAddress(bad)]).toEqual([bad, false]);
    }
    expect(() => checkEmail('nope')).toThrow('无效的参数');
  });

  it('applies the domain whitelist and the alias restriction only when enabled', () => {
    const open = optionsOf({ EmailDomainWhitelist: 'example.com' });
    expect(() => checkEmailRestrictions('a.b+c@other.org', open)).not.toThrow();
    const whitelist = optionsOf({ EmailDomainRestrictionEnabled: 'true', EmailDomainWhitelist: ' Example.com ,qq.com,' });
    expect(() => checkEmailRestrictions('ann@example.com', whitelist)).not.toThrow();
    expect(() => checkEmailRestrictions('ann@sub.example.com', whitelist)).toThrow(/whitelist/);
    const alias = optionsOf({ EmailAliasRestrictionEnabled: 'true' });
    expect(() => checkEmailRestrictions('ann@gmail.com', alias)).not.toThrow();
    expect(() => checkEmailRestrictions('a.nn@gmail.com', alias)).toThrow('管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。');
    expect(() => checkEmailRestrictions('ann+x@gmail.com', alias)).toThrow(/别名/);
  });

  it('reads quota options as non-negative integers', () => {
    const stored: Array<Record<string, string>> = [{ QuotaForNewUser: '1000' }, { QuotaForNewUser: '-5' }, { QuotaForNewUser: '1.5' }, { QuotaForNewUser: 'lots' }, {}];
    expect(stored.map((values) => quotaOption(optionsOf(values), 'QuotaForNewUser'))).toEqual([1000, 0, 0, 0, 0]);
  });
});
