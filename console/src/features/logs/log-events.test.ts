import i18n from '../../i18n';
import { eventExplanation } from './log-events';
import { detailLines, parseOther } from './log-format';

const t = i18n.getFixedT('en', 'log');
const zh = i18n.getFixedT('zh', 'log');
const dollars = { displayInCurrency: true, quotaPerUnit: 500_000 };
const units = { displayInCurrency: false, quotaPerUnit: 500_000 };
const explain = (type: number, other: unknown, tf = t, display = dollars) => eventExplanation({ type }, other as never, tf, display);

describe('top-up and system rows worded by the console', () => {
  it('words a redemption and an online payment from the row’s structured top-up, in either language', () => {
    const redemption = { top_up: { source: 'redemption', quota: 100_000, redemption_id: 7 } };
    expect(explain(1, redemption)).toBe('Redeemed $0.200000 with redemption code #7');
    expect(explain(1, redemption, zh)).toBe('通过兑换码充值 $0.200000，兑换码 ID 7');
    const online = { top_up: { source: 'online', quota: 500_000, money: '7.30' } };
    expect(explain(1, online)).toBe('Online top-up of $1.000000 paid: 7.30');
    expect(explain(1, online, zh, units)).toBe('在线充值成功，充值金额 500.0k，支付金额 7.30');
  });

  it('words every system event and a failed task’s refund', () => {
    expect(explain(4, { system: { event: 'new_user_gift', quota: 1000 } }, t, units)).toBe('Sign-up gift of 1000');
    expect(explain(4, { system: { event: 'invitee_gift', quota: 300 } }, zh, units)).toBe('使用邀请码赠送 300');
    expect(explain(4, { system: { event: 'inviter_reward', quota: 700 } }, t, units)).toBe('Reward of 700 for inviting a user');
    expect(explain(4, { system: { event: 'aff_transfer', quota: 500_000 } })).toBe('Moved $1.000000 of invitation rewards into the balance');
    expect(explain(4, { refund: { task: 'suno', upstream_id: 'abc', reason: 'quota exceeded' } })).toBe(
      'Music task abc failed (quota exceeded); refunded in full',
    );
    expect(explain(4, { refund: { task: 'midjourney', upstream_id: '17' } }, zh)).toBe('绘图任务 17 失败，已全额退款');
  });

  it('leaves rows without that structure, unknown events and other row types to the server’s sentence', () => {
    expect(explain(1, {})).toBe('');
    expect(explain(1, { top_up: { source: 'bank', quota: 1 } })).toBe('');
    expect(explain(4, { system: { event: 'lottery', quota: 1 } })).toBe('');
    expect(explain(4, { system: { event: 'new_user_gift', quota: 'lots' } })).toBe('');
    expect(explain(4, { refund: { task: 'video', upstream_id: '1' } })).toBe('');
    expect(explain(2, { system: { event: 'new_user_gift', quota: 1 } })).toBe('');
    expect(explain(3, { top_up: { source: 'online', quota: 1, money: '1' } })).toBe('');
  });

  it('shows the console’s wording instead of the server’s Chinese content, and old rows as written', () => {
    const other = JSON.stringify({ system: { event: 'new_user_gift', quota: 1000 } });
    expect(detailLines({ type: 4, content: '新用户注册赠送 1000 点额度', other }, false, t, units)).toEqual(['Sign-up gift of 1000']);
    expect(detailLines({ type: 1, content: '通过兑换码充值 ＄0.2 额度，兑换码ID 3', other: '' }, false, t, units)).toEqual([
      '通过兑换码充值 ＄0.2 额度，兑换码ID 3',
    ]);
    expect(parseOther(other).system).toEqual({ event: 'new_user_gift', quota: 1000 });
  });
});
