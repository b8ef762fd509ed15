import { countForWire, createRedemptionBody, statusForWire } from '../redemptions/input';
import { noticeParamsOf, payBody } from './input';

describe('wallet and redemption input', () => {
  it('reads whole numbers given as numbers or decimal strings', () => {
    expect(createRedemptionBody.parse({ quota: '500000', count: ' 3 ' })).toEqual({ quota: 500000, count: 3 });
    expect(payBody.parse({ amount: 10, payment_method: 'zfb' })).toEqual({ amount: 10, payment_method: 'zfb' });
    for (const quota of ['1.5', 1.5, 'ten', true, [1]]) {
      expect(createRedemptionBody.safeParse({ quota }).success).toBe(false);
    }
  });

  it('keeps batch sizes and statuses inside the int32 fields without changing their verdict', () => {
    expect([countForWire(undefined), countForWire(5), countForWire(5_000_000_000), countForWire(-9_000_000_000)]).toEqual([
      0, 5, 1000, -1,
    ]);
    expect([statusForWire(2), statusForWire(2 ** 40)]).toEqual([2, 0]);
  });

  it('takes the first text value of each notice parameter, query first', () => {
    const params = noticeParamsOf({ pid: ['1', '2'], sign: 'abc', nested: { x: '1' } }, { pid: '9', money: '7.30', n: 5 });
    expect(params).toEqual({ pid: '1', sign: 'abc', money: '7.30' });
    expect(noticeParamsOf(undefined, null, 'text')).toEqual({});
  });
});
