import { DEFAULT_OPTIONS } from '@modelgate/contracts/options';
import { FixedOptions } from './fixed-options';

describe('FixedOptions', () => {
  it('serves the defaults overlaid with the given texts, typed as the registry parses them', () => {
    const options = new FixedOptions({ RetryTimes: '2', DisplayInCurrencyEnabled: 'maybe', Unknown: 'kept' });
    expect([options.value('RetryTimes'), options.value('DisplayInCurrencyEnabled'), options.value('QuotaPerUnit')]).toEqual([2, true, 500000]);
    expect([options.get('SystemName'), options.get('Unknown'), options.get('Nothing')]).toEqual([DEFAULT_OPTIONS.SystemName, 'kept', '']);
    expect(options.all()).toMatchObject({ RetryTimes: '2', Unknown: 'kept' });
  });
});
