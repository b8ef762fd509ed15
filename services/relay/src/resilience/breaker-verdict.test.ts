import { upstreamInterruptedError, upstreamTimeoutError } from '../protocols/upstream-error';
import { breakerVerdictOf, reportInterruptedAnswer } from './breaker-verdict';
import { ChannelCircuits } from './circuit-breaker';

describe('breakerVerdictOf', () => {
  const upstream = (status: number) => ({ kind: 'upstream' as const, status, message: 'x' });

  it("counts the channel's failures, not the client's own mistakes nor the gateway's", () => {
    expect(breakerVerdictOf({ kind: 'transport', status: 502, message: 'x' })).toBe('failure');
    expect(breakerVerdictOf({ kind: 'timeout', status: 504, message: 'x' })).toBe('failure');
    for (const status of [500, 502, 503, 529, 429, 401, 403]) expect([status, breakerVerdictOf(upstream(status))]).toEqual([status, 'failure']);
    for (const status of [400, 404, 413, 422]) expect([status, breakerVerdictOf(upstream(status))]).toEqual([status, 'success']);
    expect(breakerVerdictOf({ kind: 'local', status: 400, message: 'x' })).toBe('none');
  });
});

describe('reportInterruptedAnswer', () => {
  it("holds an upstream's cut or silence against its channel, never a client that left", () => {
    const circuits = new ChannelCircuits();
    reportInterruptedAnswer(circuits, 1, upstreamInterruptedError());
    reportInterruptedAnswer(circuits, 1, upstreamTimeoutError());
    reportInterruptedAnswer(circuits, 1, Object.assign(new Error('aborted'), { name: 'AbortError' }));
    expect(circuits.view(1).consecutiveFailures).toBe(2);
  });
});
