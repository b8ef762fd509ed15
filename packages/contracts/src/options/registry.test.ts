import {
  checkOptionValue,
  DEFAULT_OPTIONS,
  isSecretOption,
  OPTION_KEYS,
  OPTION_REGISTRY,
  optionSchema,
  parseOption,
} from '.';

describe('option registry', () => {
  it('accepts every default through its own rule, unchanged', () => {
    for (const key of OPTION_KEYS) {
      expect([key, checkOptionValue(key, OPTION_REGISTRY[key].default)]).toEqual([key, { ok: true, value: DEFAULT_OPTIONS[key] }]);
    }
  });

  it('parses every default to a value of its kind', () => {
    expect(parseOption('RetryTimes', DEFAULT_OPTIONS.RetryTimes!)).toBe(0);
    expect(parseOption('Price', '7.3')).toBe(7.3);
    expect(parseOption('RegisterEnabled', DEFAULT_OPTIONS.RegisterEnabled!)).toBe(true);
    expect(parseOption('GroupRatio', DEFAULT_OPTIONS.GroupRatio!)).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(parseOption('DataExportDefaultTime', 'week')).toBe('week');
    expect(parseOption('OutboundAllowedRanges', '10.0.0.0/8, 192.0.2.7\n::1')).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
    expect(parseOption('Chats', DEFAULT_OPTIONS.Chats!)).toHaveLength(5);
  });

  it('reads an unusable stored text as the default value', () => {
    expect(parseOption('RetryTimes', '-1')).toBe(0);
    expect(parseOption('RetryTimes', '11')).toBe(0);
    expect(parseOption('PreConsumedQuota', 'lots')).toBe(500);
    expect(parseOption('DisplayTokenStatEnabled', 'yes')).toBe(true);
    expect(parseOption('DataExportDefaultTime', 'month')).toBe('hour');
    expect(parseOption('GroupRatio', '{not json')).toEqual({});
    expect(parseOption('Chats', '{}')).toEqual([]);
    // A bound the rule excludes is excluded on read too: QuotaPerUnit must be above 0.
    expect(parseOption('QuotaPerUnit', '0')).toBe(500000);
    expect(parseOption('QuotaPerUnit', '0.5')).toBe(0.5);
    // Only plain decimals, as the rule accepts them: no hex, no blank.
    expect(parseOption('RetryTimes', '0x3')).toBe(0);
    expect(parseOption('RetryTimes', ' 3 ')).toBe(3);
    expect(parseOption('RetryTimes', ' ')).toBe(0);
  });

  it('reads an address as its rule stores it: trimmed, without trailing slashes', () => {
    expect(parseOption('ServerAddress', ' https://gate.example/// ')).toBe('https://gate.example');
    expect(parseOption('ServerAddress', '')).toBe('');
  });

  it('keeps secret exactly the values the reference never returns', () => {
    const bySuffix = OPTION_KEYS.filter((key) => /(Token|Secret|Key)$/.test(key) || key === 'oidc.client_secret');
    expect(OPTION_KEYS.filter((key) => isSecretOption(key)).sort()).toEqual(bySuffix.sort());
    expect(isSecretOption('SystemName')).toBe(false);
    // A stored key the registry does not know follows the name rule.
    expect(isSecretOption('LegacyApiKey')).toBe(true);
    expect(isSecretOption('LegacyNotice')).toBe(false);
  });

  it('refuses through its zod rule with the message and code of the check', () => {
    const refused = optionSchema('RetryTimes').safeParse('11');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      message: 'RetryTimes 必须是 0 到 10 之间的整数',
      params: { code: 'option_integer_between', key: 'RetryTimes', min: 0, max: 10 },
    });
    expect(optionSchema('NoSuchOption').safeParse('1').error?.issues[0]?.message).toBe('未知的设置项：NoSuchOption');
    expect(optionSchema('ServerAddress').parse(' https://gate.example/// ')).toBe('https://gate.example');
    expect(optionSchema('QuotaPerUnit').parse('5e5')).toBe('500000');
  });
});
