import { createHash } from 'node:crypto';
import { epaySignature, hasValidEpaySignature, signEpayParams } from './epay-signature';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('EPay MD5 signature', () => {
  const notice = {
    pid: '1001',
    trade_no: '2024ABC',
    out_trade_no: 'USR1NOabcdef1700000000',
    type: 'alipay',
    name: 'TUC1',
    money: '7.30',
    trade_status: 'TRADE_SUCCESS',
  };

  it('hashes the sorted non-empty parameters but sign and sign_type, followed by the key', () => {
    const params = { ...notice, param: '', sign: 'whatever', sign_type: 'MD5' };
    expect(epaySignature(params, 'k3y')).toBe(
      md5('money=7.30&name=TUC1&out_trade_no=USR1NOabcdef1700000000&pid=1001&trade_no=2024ABC&trade_status=TRADE_SUCCESS&type=alipayk3y'),
    );
  });

  it('signs a form with sign_type MD5 and verifies it', () => {
    const signed = signEpayParams(notice, 'k3y');
    expect(signed.sign_type).toBe('MD5');
    expect(signed.sign).toMatch(/^[0-9a-f]{32}$/);
    expect(hasValidEpaySignature(signed, 'k3y')).toBe(true);
    expect(hasValidEpaySignature({ ...signed, sign: signed.sign!.toUpperCase() }, 'k3y')).toBe(true);
  });

  it('refuses another key, any changed parameter and malformed signatures', () => {
    const signed = signEpayParams(notice, 'k3y');
    expect(hasValidEpaySignature(signed, 'other')).toBe(false);
    expect(hasValidEpaySignature({ ...signed, money: '7.31' }, 'k3y')).toBe(false);
    expect(hasValidEpaySignature({ ...signed, extra: 'x' }, 'k3y')).toBe(false);
    for (const sign of ['', 'abc', `${signed.sign}00`, 'z'.repeat(32)]) {
      expect(hasValidEpaySignature({ ...signed, sign }, 'k3y')).toBe(false);
    }
    const { sign: _sign, ...unsigned } = signed;
    expect(hasValidEpaySignature(unsigned, 'k3y')).toBe(false);
  });
});
