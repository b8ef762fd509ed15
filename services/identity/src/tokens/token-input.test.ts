import { ValidationError } from '@modelgate/runtime';
import {
  checkBatchCount,
  checkExpiredTime,
  checkRemainQuota,
  checkTokenGroup,
  checkTokenName,
  isAddressOrRange,
  MAX_ALLOW_IPS,
  normalizeAllowIps,
  normalizeModelLimits,
} from './token-input';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('token names', () => {
  it('accepts 1 to 30 characters, counted as a person counts them', () => {
    expect(checkTokenName('a')).toBe('a');
    expect(checkTokenName('x'.repeat(30))).toBe('x'.repeat(30));
    expect(checkTokenName('令'.repeat(30))).toBe('令'.repeat(30));
    expect(checkTokenName('😀'.repeat(30))).toBe('😀'.repeat(30));
  });

  it('refuses empty, blank, too long and control characters', () => {
    expect(refusal(() => checkTokenName(''))).toBe('令牌名称不能为空');
    expect(refusal(() => checkTokenName('   '))).toBe('令牌名称不能为空');
    expect(refusal(() => checkTokenName('x'.repeat(31)))).toBe('令牌名称过长');
    expect(refusal(() => checkTokenName('a\u0000b'))).toBe('输入不合法：令牌名称不能包含控制字符');
  });
});

describe('expiry', () => {
  it('accepts -1 and unix seconds in the past or the future', () => {
    expect(checkExpiredTime('-1')).toBe(-1);
    expect(checkExpiredTime('1')).toBe(1);
    expect(checkExpiredTime('4102444800')).toBe(4102444800);
  });

  it.each(['0', '-2', '253402300800', '1700000000000', '1.5', 'abc', ''])('refuses %p', (value) => {
    expect(refusal(() => checkExpiredTime(value))).toBe('过期时间格式错误！');
  });
});

describe('remaining quota', () => {
  it('accepts 0 up to the largest balance', () => {
    expect(checkRemainQuota('0')).toBe(0);
    expect(checkRemainQuota('500000')).toBe(500000);
    expect(checkRemainQuota('1000000000000000')).toBe(1e15);
  });

  it('refuses negative and out-of-range figures', () => {
    expect(refusal(() => checkRemainQuota('-1'))).toBe('输入不合法：令牌额度不能为负数');
    expect(refusal(() => checkRemainQuota('1000000000000001'))).toBe('输入不合法：令牌额度超出有效范围');
    expect(refusal(() => checkRemainQuota('99999999999999999999'))).toBe('输入不合法：令牌额度超出有效范围');
  });
});

describe('batch count', () => {
  it('is 1 to 100, 0 meaning one', () => {
    expect(checkBatchCount(0)).toBe(1);
    expect(checkBatchCount(1)).toBe(1);
    expect(checkBatchCount(100)).toBe(100);
    for (const count of [-1, 101, 1.5]) {
      expect(refusal(() => checkBatchCount(count))).toBe('输入不合法：创建数量必须是 1 到 100 之间的整数');
    }
  });
});

describe('model limits', () => {
  it('are trimmed, de-duplicated and joined with commas', () => {
    expect(normalizeModelLimits(' gpt-4o , ,claude-3,gpt-4o,')).toBe('gpt-4o,claude-3');
    expect(normalizeModelLimits('')).toBe('');
  });

  it('refuses an over-long name or list', () => {
    expect(refusal(() => normalizeModelLimits('m'.repeat(256)))).toBe('输入不合法：模型名称长度不能超过 255 个字符');
    const many = Array.from({ length: 1_000 }, (_, i) => `model-name-${i}`).join(',');
    expect(refusal(() => normalizeModelLimits(many))).toBe('输入不合法：模型限制列表过长，最多 10000 个字符');
  });
});

describe('IP allow list', () => {
  it.each(['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', '::ffff:192.168.1.1', '192.168.1.1/32'])(
    'accepts %p',
    (entry) => expect(isAddressOrRange(entry)).toBe(true),
  );

  it.each(['10.0.0.256', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.1/', 'example.com', '10.0.0.1,10.0.0.2', '/8'])(
    'refuses %p',
    (entry) => expect(isAddressOrRange(entry)).toBe(false),
  );

  it('keeps one trimmed entry per line and drops blank lines', () => {
    expect(normalizeAllowIps(' 10.0.0.1 \r\n\n2001:db8::/32\n')).toBe('10.0.0.1\n2001:db8::/32');
    expect(normalizeAllowIps('')).toBe('');
  });

  it('names the first bad line', () => {
    expect(refusal(() => normalizeAllowIps('10.0.0.1\n\nnot-an-ip'))).toBe(
      '输入不合法：IP 白名单第 3 行“not-an-ip”不是合法的 IP 地址或 CIDR 网段',
    );
  });

  it('refuses more lines than the limit', () => {
    const lines = Array.from({ length: MAX_ALLOW_IPS + 1 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`);
    expect(refusal(() => normalizeAllowIps(lines.join('\n')))).toBe(`输入不合法：IP 白名单最多 ${MAX_ALLOW_IPS} 行`);
  });
});

describe('token group', () => {
  it('is empty or one of the usable groups', () => {
    expect(checkTokenGroup('', [])).toBe('');
    expect(checkTokenGroup('vip', ['default', 'vip'])).toBe('vip');
    expect(refusal(() => checkTokenGroup('svip', ['default', 'vip']))).toBe('无权使用分组 svip，请选择管理员允许的分组');
    expect(refusal(() => checkTokenGroup('g'.repeat(65), ['g'.repeat(65)]))).toBe('输入不合法：分组名称过长');
  });
});
