import { QuotaExceededError, ValidationError } from '@modelgate/runtime';
import { UpstreamError, upstreamTimeoutError, upstreamTransportError } from '../protocols/upstream-error';
import {
  type AttemptFailure,
  parseDisableKeywords,
  type RetryContext,
  shouldAutoDisable,
  shouldRetry,
  toAttemptFailure,
} from './retry-policy';

const upstream = (status: number, extra: Partial<AttemptFailure> = {}): AttemptFailure => ({
  kind: 'upstream',
  status,
  message: 'upstream said no',
  ...extra,
});
const OPENAI = 1;
const ANTHROPIC = 14;
const GEMINI = 24;
const base: RetryContext = { attempt: 0, retryTimes: 3, channelType: OPENAI, pinned: false };

describe('shouldRetry', () => {
  it.each<[string, boolean, AttemptFailure, Partial<RetryContext>]>([
    ['429', true, upstream(429), {}],
    ['307', true, upstream(307), {}],
    ['500', true, upstream(500), {}],
    ['502', true, upstream(502), {}],
    ['503', true, upstream(503), {}],
    ['504 (a timeout)', false, upstream(504), {}],
    ['524 (a proxy timeout)', false, upstream(524), {}],
    ['400 on OpenAI', false, upstream(400), {}],
    ['400 on Anthropic', true, upstream(400), { channelType: ANTHROPIC }],
    ['408', false, upstream(408), {}],
    ['200 with an error body', false, upstream(200), {}],
    ['401', true, upstream(401), {}],
    ['403', true, upstream(403), {}],
    ['404', true, upstream(404), {}],
    ['422', true, upstream(422), {}],
    ['a transport failure', true, { kind: 'transport', status: 502, message: 'x' }, {}],
    ['a timeout', false, { kind: 'timeout', status: 504, message: 'x' }, {}],
    ['a local failure, even with a retryable status', false, { kind: 'local', status: 500, message: 'x' }, {}],
    ['a pinned channel', false, upstream(500), { pinned: true }],
    ['RetryTimes 0', false, upstream(500), { retryTimes: 0 }],
    ['the last allowed attempt', false, upstream(500), { attempt: 3, retryTimes: 3 }],
    ['the attempt before it', true, upstream(500), { attempt: 2, retryTimes: 3 }],
    ['a response already started', false, upstream(500), { responseStarted: true }],
    ['a connection failure with RetryTimes 0', true, { kind: 'transport', status: 502, message: 'x', connectFailure: true }, { retryTimes: 0 }],
    ['a connection failure past the retries', true, { kind: 'transport', status: 502, message: 'x', connectFailure: true }, { attempt: 5 }],
    ['a connection failure on a pinned channel', false, { kind: 'transport', status: 502, message: 'x', connectFailure: true }, { pinned: true }],
  ])('%s → retry: %p', (_name, expected, failure, context) => {
    expect(shouldRetry(failure, { ...base, ...context })).toBe(expected);
  });
});

describe('shouldAutoDisable', () => {
  const on = { enabled: true, keywords: parseDisableKeywords('Your credit balance is too low\nPermission denied') };
  const openai = { type: OPENAI, autoBan: true };

  it.each<[string, string | undefined, AttemptFailure, { type: number; autoBan: boolean }]>([
    ['401', 'status_401', upstream(401), openai],
    ['403 from Gemini', 'status_403', upstream(403), { type: GEMINI, autoBan: true }],
    ['403 from OpenAI', undefined, upstream(403), openai],
    ['code invalid_api_key', 'error_code', upstream(400, { errorCode: 'invalid_api_key' }), openai],
    ['code account_deactivated', 'error_code', upstream(403, { errorCode: 'account_deactivated' }), openai],
    ['code billing_not_active', 'error_code', upstream(429, { errorCode: 'billing_not_active' }), openai],
    ['type insufficient_quota', 'error_type', upstream(429, { errorType: 'insufficient_quota' }), openai],
    ['type insufficient_user_quota', 'error_type', upstream(403, { errorType: 'insufficient_user_quota' }), openai],
    ['type authentication_error', 'error_type', upstream(400, { errorType: 'authentication_error' }), openai],
    ['type permission_error', 'error_type', upstream(400, { errorType: 'permission_error' }), openai],
    ['type forbidden', 'error_type', upstream(400, { errorType: 'forbidden' }), openai],
    ['a keyword in other case', 'keyword', upstream(400, { message: 'Error: YOUR CREDIT BALANCE IS TOO LOW.' }), openai],
    ['a keyword inside a longer text', 'keyword', upstream(500, { message: 'upstream: permission denied for org' }), openai],
    ['a 429 rate limit', undefined, upstream(429, { errorType: 'requests', message: 'Rate limit reached' }), openai],
    ['a 500', undefined, upstream(500), openai],
    ['auto_ban off', undefined, upstream(401), { type: OPENAI, autoBan: false }],
    ['a transport failure', undefined, { kind: 'transport', status: 502, message: 'permission denied' }, openai],
    ['a timeout', undefined, { kind: 'timeout', status: 504, message: 'x' }, openai],
    ['a local failure', undefined, { kind: 'local', status: 401, message: 'x' }, openai],
  ])('%s → %p', (_name, trigger, failure, channel) => {
    expect(shouldAutoDisable(failure, channel, on)?.trigger).toBe(trigger);
  });

  it('does nothing while AutomaticDisableChannelEnabled is off', () => {
    expect(shouldAutoDisable(upstream(401), openai, { enabled: false, keywords: [] })).toBeUndefined();
  });

  it('gives the upstream message as the reason', () => {
    expect(shouldAutoDisable(upstream(401, { message: 'Incorrect API key provided' }), openai, on)).toEqual({
      trigger: 'status_401',
      reason: 'Incorrect API key provided',
    });
  });

  it('matches no keyword when the list is empty', () => {
    expect(
      shouldAutoDisable(upstream(400, { message: 'Permission denied' }), openai, { enabled: true, keywords: [] }),
    ).toBeUndefined();
  });
});

describe('parseDisableKeywords', () => {
  it('splits lines, trims, drops blanks and lower-cases', () => {
    expect(parseDisableKeywords('  Your Credit  \r\n\nThis organization has been disabled.\n  \n')).toEqual([
      'your credit',
      'this organization has been disabled.',
    ]);
    expect(parseDisableKeywords('')).toEqual([]);
  });
});

describe('toAttemptFailure', () => {
  it('keeps an upstream error as it is', () => {
    const error = new UpstreamError({ kind: 'upstream', status: 401, message: 'bad key', errorCode: 'invalid_api_key' });
    expect(toAttemptFailure(error)).toBe(error);
    expect(toAttemptFailure(upstreamTransportError(new Error('ECONNRESET'))).kind).toBe('transport');
    expect(toAttemptFailure(upstreamTimeoutError()).kind).toBe('timeout');
  });

  it('makes every other error local', () => {
    expect(toAttemptFailure(new QuotaExceededError('no quota'))).toEqual({
      kind: 'local',
      status: 403,
      errorCode: 'insufficient_quota',
      message: 'no quota',
    });
    expect(toAttemptFailure(new ValidationError('bad')).kind).toBe('local');
    expect(toAttemptFailure(new Error('bug'))).toEqual({ kind: 'local', status: 500, message: 'bug' });
    expect(toAttemptFailure('weird')).toEqual({ kind: 'local', status: 500, message: 'weird' });
  });
});
