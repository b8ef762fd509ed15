import { parseOption } from '@modelgate/contracts/options';
import type { TestOutcome } from './channel-tester';
import { readTestAllSettings, type TestAllOptionSource, type TestAllSettings, verdictAfterTest } from './test-verdict';

const ON: TestAllSettings = { thresholdMs: 5_000, autoDisable: { enabled: true, keywords: ['credit balance is too low'] }, autoEnable: true };
const enabled = { type: 1, status: 1, auto_ban: 1 };
const autoDisabled = { ...enabled, status: 3 };
const ok = (elapsedMs = 100): TestOutcome => ({ success: true, message: '', model: 'm', elapsedMs });
const failed = (status: number, message: string, extra: Partial<TestOutcome['failure']> = {}): TestOutcome => ({
  success: false,
  message: `status code ${status}: ${message}`,
  model: 'm',
  elapsedMs: 100,
  failure: { kind: 'upstream', status, message, ...extra },
});

describe('verdictAfterTest', () => {
  it('disables an enabled auto_ban channel slower than the threshold, saying by how much, as a passing cause', () => {
    expect(verdictAfterTest(ok(6_234), enabled, ON)).toEqual({
      action: 'disable',
      reason: 'response time 6.23s exceeds the threshold of 5.00s',
      transient: true,
    });
    expect(verdictAfterTest(ok(5_000), enabled, ON)).toEqual({ action: 'keep' });
    expect(verdictAfterTest(ok(60_000), enabled, { ...ON, thresholdMs: 0 })).toEqual({ action: 'keep' });
  });

  it('disables on the failures the auto-disable rules hold against a channel, with its message', () => {
    expect(verdictAfterTest(failed(401, 'bad key'), enabled, ON)).toEqual({ action: 'disable', reason: 'status code 401: bad key' });
    expect(verdictAfterTest(failed(429, 'quota', { errorType: 'insufficient_quota' }), enabled, ON).action).toBe('disable');
    expect(verdictAfterTest(failed(400, 'Your credit balance is too low'), enabled, ON).action).toBe('disable');
    expect(verdictAfterTest(failed(500, 'oops'), enabled, ON)).toEqual({ action: 'keep' });
    const unreachable: TestOutcome = { ...failed(502, 'x'), failure: { kind: 'transport', status: 502, message: 'x' } };
    expect(verdictAfterTest(unreachable, enabled, ON)).toEqual({ action: 'keep' });
  });

  it('never disables without the global switch or the channel auto_ban', () => {
    const off = { ...ON, autoDisable: { enabled: false, keywords: [] } };
    expect(verdictAfterTest(failed(401, 'bad key'), enabled, off)).toEqual({ action: 'keep' });
    expect(verdictAfterTest(ok(9_000), enabled, off)).toEqual({ action: 'keep' });
    expect(verdictAfterTest(failed(401, 'bad key'), { ...enabled, auto_ban: 0 }, ON)).toEqual({ action: 'keep' });
  });

  it('enables an auto-disabled channel that passes in time, only with AutomaticEnableChannelEnabled', () => {
    expect(verdictAfterTest(ok(), autoDisabled, ON)).toEqual({ action: 'enable' });
    expect(verdictAfterTest(ok(), autoDisabled, { ...ON, autoEnable: false })).toEqual({ action: 'keep' });
    expect(verdictAfterTest(ok(5_001), autoDisabled, ON)).toEqual({ action: 'keep' });
    expect(verdictAfterTest(failed(401, 'x'), autoDisabled, ON)).toEqual({ action: 'keep' });
    expect(verdictAfterTest(ok(), { ...autoDisabled, status: 2 }, ON)).toEqual({ action: 'keep' });
  });
});

describe('readTestAllSettings', () => {
  const source = (values: Record<string, string>): TestAllOptionSource => ({
    value: (key) => parseOption(key, values[key] ?? ''),
    autoDisable: () => ({ enabled: true, keywords: [] }),
  });

  it('reads the threshold in seconds (fractions allowed) and the enable switch', () => {
    expect(readTestAllSettings(source({ ChannelDisableThreshold: '1.5', AutomaticEnableChannelEnabled: 'true' }))).toEqual({
      thresholdMs: 1_500,
      autoDisable: { enabled: true, keywords: [] },
      autoEnable: true,
    });
    expect(readTestAllSettings(source({ ChannelDisableThreshold: '0' })).thresholdMs).toBe(0);
  });

  it.each(['', 'abc', '-1', 'Infinity'])('falls back to 5 s for %p', (value) => {
    expect(readTestAllSettings(source({ ChannelDisableThreshold: value })).thresholdMs).toBe(5_000);
  });
});
