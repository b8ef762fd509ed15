import i18n from '../../i18n';
import { detailLines, firstTokenIntent, manageExplanation, parseOther, priceExplanation, retryExplanation, useTimeIntent } from './log-format';

const t = i18n.getFixedT('en', 'log');
const zh = i18n.getFixedT('zh', 'log');

describe('log formatting', () => {
  it('colours the total time: green below 101 s, orange below 300 s, red otherwise', () => {
    expect([0, 100, 100.9, 101, 299, 300, 1000].map(useTimeIntent)).toEqual([
      'success', 'success', 'success', 'warning', 'warning', 'danger', 'danger',
    ]);
  });

  it('colours the first-token time in milliseconds: green below 3 s, orange below 10 s, red otherwise', () => {
    expect([120, 2999, 3000, 9999, 10_000, 60_000].map(firstTokenIntent)).toEqual([
      'success', 'success', 'warning', 'warning', 'danger', 'danger',
    ]);
  });

  it('reads other as an object, tolerating missing or broken JSON', () => {
    expect(parseOther('{"frt":12}')).toEqual({ frt: 12 });
    expect(parseOther('')).toEqual({});
    expect(parseOther('not json')).toEqual({});
    expect(parseOther('[1,2]')).toEqual({});
  });

  it('explains a usage-priced consumption row with its ratios and the reference-only note', () => {
    const other = JSON.stringify({ model_ratio: 2.5, completion_ratio: 4, group_ratio: 1.5, cache_tokens: 10, cache_ratio: 0.5 });
    expect(priceExplanation({ type: 2, other }, t)).toBe(
      'model ratio 2.5, completion ratio 4, group ratio 1.5, cache ratio 0.5, for reference only, actual charge prevails',
    );
    expect(priceExplanation({ type: 2, other }, zh)).toBe(
      '模型倍率 2.5，补全倍率 4，分组倍率 1.5，缓存倍率 0.5，仅供参考，以实际扣费为准',
    );
  });

  it('explains a per-call price, preferring the user group ratio when set', () => {
    const other = JSON.stringify({ model_price: 0.02, model_ratio: 3, group_ratio: 1, user_group_ratio: 0.8 });
    expect(priceExplanation({ type: 2, other }, t)).toBe(
      'Model price $0.02 per call, group ratio 0.8, for reference only, actual charge prevails',
    );
  });

  it('leaves other row types and rows without pricing unexplained', () => {
    expect(priceExplanation({ type: 1, other: JSON.stringify({ model_ratio: 2 }) }, t)).toBe('');
    expect(priceExplanation({ type: 2, other: '' }, t)).toBe('');
  });

  it('lists the channels tried for admins', () => {
    expect(retryExplanation({ admin_info: { use_channel: ['3', 5] } }, t)).toBe('Channels tried: 3 → 5');
    expect(retryExplanation({}, t)).toBe('');
    // One channel is no retry: the row's channel column already names it.
    expect(retryExplanation({ admin_info: { use_channel: ['3'] } }, t)).toBe('');
  });

  it('builds the detail lines without repeating the ratios the server wrote as content', () => {
    const other = JSON.stringify({ model_ratio: 2, completion_ratio: 1, group_ratio: 1, admin_info: { use_channel: [1, 4] } });
    const consume = { type: 2, content: '模型倍率 2，补全倍率 1，分组倍率 1', other };
    expect(detailLines(consume, true, t)).toEqual([
      'model ratio 2, completion ratio 1, group ratio 1, for reference only, actual charge prevails',
      'Channels tried: 1 → 4',
    ]);
    expect(detailLines(consume, false, t)).toHaveLength(1);
    // Without pricing the content is all there is; other types keep their content.
    expect(detailLines({ type: 2, content: 'free call', other: '' }, false, t)).toEqual(['free call']);
    expect(detailLines({ type: 1, content: ' Redeemed $10 ', other }, true, t)).toEqual(['Redeemed $10', 'Channels tried: 1 → 4']);
    expect(detailLines({ type: 3, content: '', other: '' }, true, t)).toEqual([]);
  });
});

describe('management rows worded by the console', () => {
  const dollars = { displayInCurrency: true, quotaPerUnit: 500_000 };
  const row = (other: unknown) => ({ type: 3, other: JSON.stringify(other) });

  it('words a balance set or an amount added from the row’s structured change, in either language', () => {
    expect(manageExplanation(row({ admin_quota: { from: 1000, to: 5000 } }), t, dollars)).toBe('Admin changed the balance from $0.002000 to $0.010000');
    expect(manageExplanation(row({ admin_quota: { delta: 700 } }), t, dollars)).toBe('Admin added $0.001400 to the balance');
    expect(manageExplanation(row({ admin_quota: { delta: -1700 } }), zh, dollars)).toBe('管理员减少用户额度 $0.003400');
  });

  it('leaves rows without a structured change, and other row types, to the server’s sentence', () => {
    expect(manageExplanation({ type: 3, other: '' }, t, dollars)).toBe('');
    expect(manageExplanation({ type: 1, other: JSON.stringify({ admin_quota: { delta: 5 } }) }, t, dollars)).toBe('');
  });
});
