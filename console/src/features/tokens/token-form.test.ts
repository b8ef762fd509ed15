import i18n from '../../i18n';
import { expiryFromShortcut, newTokenValues, tokenSettings, tokenValues, validateToken } from './token-form';
import type { Token } from './tokens-api';

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('token form rules', () => {
  it('requires a name of at most 30 characters, counted by character', () => {
    expect(validateToken({ ...newTokenValues(), name: '  ' }, true).name).toBe('请输入令牌名称');
    expect(validateToken({ ...newTokenValues(), name: 'x'.repeat(31) }, true).name).toBe('令牌名称过长，最多 30 个字符');
    expect(validateToken({ ...newTokenValues(), name: '我的令牌'.repeat(7) + '好好' }, true)).toEqual({});
  });

  it('accepts -1 or yyyy-MM-dd HH:mm:ss as expiry only', () => {
    const base = { ...newTokenValues(), name: 'ok' };
    for (const expiry of ['2030-13-01 00:00:00', '2030-01-01', 'tomorrow', '0']) {
      expect(validateToken({ ...base, expiry }, true).expiry).toBe('过期时间格式错误！');
    }
    expect(validateToken({ ...base, expiry: '2030-02-28 23:59:59' }, true)).toEqual({});
    expect(validateToken({ ...base, expiry: '-1' }, true)).toEqual({});
  });

  it('wants a positive whole count up to 100 when creating, and ignores it when editing', () => {
    const base = { ...newTokenValues(), name: 'ok' };
    for (const count of ['0', '-2', '1.5', 'abc', '']) {
      expect(validateToken({ ...base, count }, true).count).toBe('创建数量必须是正整数');
    }
    expect(validateToken({ ...base, count: '101' }, true).count).toBe('一次最多创建 100 个令牌');
    expect(validateToken({ ...base, count: '0' }, false)).toEqual({});
  });

  it('needs a whole quota unless unlimited', () => {
    const base = { ...newTokenValues(), name: 'ok', quota: '-5' };
    expect(validateToken(base, true).quota).toBe('额度必须是非负整数');
    expect(validateToken({ ...base, unlimited: true }, true)).toEqual({});
  });

  it('turns the values into the settings the server reads', () => {
    const settings = tokenSettings({
      ...newTokenValues(),
      name: ' laptop ',
      expiry: '2030-01-02 03:04:05',
      quota: '5000000',
      limitModels: true,
      models: ['gpt-4o', 'claude-3-haiku'],
      allowIps: ' 10.0.0.1 \n\n192.168.0.0/16\n',
      group: 'vip',
      rpm: ' 60 ',
      tpm: '',
    });
    expect(settings).toEqual({
      name: 'laptop',
      expired_time: Math.floor(new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000),
      remain_quota: 5_000_000,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,claude-3-haiku',
      allow_ips: '10.0.0.1\n192.168.0.0/16',
      group: 'vip',
      rate_limit_rpm: 60,
      rate_limit_tpm: 0,
    });
    // A limit that is no whole number, or past the server's range, is refused before sending.
    expect(validateToken({ ...newTokenValues(), name: 'n', rpm: '1.5', tpm: '1000000001' }, false)).toEqual({
      rpm: i18n.t('token:validation.rateLimit', { max: 1_000_000 }),
      tpm: i18n.t('token:validation.rateLimit', { max: 1_000_000_000 }),
    });
    expect(tokenSettings({ ...newTokenValues(), name: 'n', models: ['a'] })).toMatchObject({
      expired_time: -1,
      remain_quota: 500_000,
      model_limits: '',
    });
  });

  it('loads a token into the editor and computes the shortcuts', () => {
    const token = {
      name: 'n', expired_time: -1, remain_quota: 9, unlimited_quota: true, model_limits_enabled: true,
      model_limits: 'a, b', allow_ips: '1.1.1.1', group: 'g',
    } as Token;
    expect(tokenValues(token)).toMatchObject({ expiry: '-1', quota: '9', unlimited: true, models: ['a', 'b'], group: 'g' });
    const now = new Date(2030, 0, 31, 12, 0, 0);
    expect(expiryFromShortcut('never', now)).toBe('-1');
    expect(expiryFromShortcut('hour', now)).toBe('2030-01-31 13:00:00');
    expect(expiryFromShortcut('day', now)).toBe('2030-02-01 12:00:00');
    expect(expiryFromShortcut('month', now)).toBe('2030-03-02 12:00:00');
  });
});
