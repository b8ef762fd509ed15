import { MAX_RETRY_AFTER_SECONDS, retryAfterSecondsOf } from './retry-after';

describe('retryAfterSecondsOf', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads seconds, an HTTP date, and retry-after-ms first', () => {
    expect(retryAfterSecondsOf({ 'retry-after': '7' }, now)).toBe(7);
    expect(retryAfterSecondsOf({ 'retry-after': '0.2' }, now)).toBe(1);
    expect(retryAfterSecondsOf({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, now)).toBe(30);
    expect(retryAfterSecondsOf({ 'retry-after-ms': '2500', 'retry-after': '60' }, now)).toBe(3);
    expect(retryAfterSecondsOf({ 'retry-after': ['4', '9'] }, now)).toBe(4);
  });

  it('caps absurd waits and ignores what it cannot read', () => {
    expect(retryAfterSecondsOf({ 'retry-after': '99999999' }, now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(retryAfterSecondsOf({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryAfterSecondsOf({ 'retry-after': '-5' }, now)).toBeUndefined();
    expect(retryAfterSecondsOf({}, now)).toBeUndefined();
    expect(retryAfterSecondsOf(undefined, now)).toBeUndefined();
  });
});
