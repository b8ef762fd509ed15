import { parseVmRss } from './proc-stats';
import { invalidReason } from './run-scenario';
import type { LoadOutcome } from './types';

const clean: LoadOutcome = {
  durationS: 8,
  ok: 1000,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 1000 },
  latency: null,
  ttfc: null,
  ttfcFailures: 0,
};

describe('invalidReason', () => {
  it('accepts a scenario without a single error', () => {
    expect(invalidReason(clean, true)).toBeUndefined();
  });

  it('sets aside a scenario with any error, naming the status codes', () => {
    expect(invalidReason({ ...clean, non2xx: 3, statusCodes: { '200': 997, '503': 2, '429': 1 } }, false)).toBe(
      '3 non-2xx (2× 503, 1× 429)',
    );
    expect(invalidReason({ ...clean, errors: 2, timeouts: 1 }, false)).toBe('2 connection errors (1 timeouts)');
    expect(invalidReason({ ...clean, ok: 0, statusCodes: {} }, false)).toBe('no successful response');
    expect(invalidReason({ ...clean, ttfcFailures: 4 }, true)).toBe('4 failed stream probes');
  });
});

describe('parseVmRss', () => {
  it('reads VmRSS in MB', () => {
    expect(parseVmRss('Name:\tnode\nVmHWM:\t  300000 kB\nVmRSS:\t  102400 kB\n')).toBe(100);
    expect(parseVmRss('Name:\tnode\n')).toBeNull();
  });
});
