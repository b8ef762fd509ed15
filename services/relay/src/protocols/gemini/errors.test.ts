import { AuthenticationError, InternalError, NotFoundError, QuotaExceededError, RateLimitedError, ValidationError } from '@modelgate/runtime';
import { UpstreamError, upstreamTimeoutError } from '../upstream-error';
import { geminiErrorOf, mapGeminiError, toGeminiError } from './errors';

describe("Google's error object for Gemini clients", () => {
  it.each([
    [new ValidationError('contents is not specified'), 400, 'INVALID_ARGUMENT'],
    [new NotFoundError('no such model'), 404, 'NOT_FOUND'],
    [new RateLimitedError('slow down'), 429, 'RESOURCE_EXHAUSTED'],
    [new QuotaExceededError('out of quota'), 403, 'RESOURCE_EXHAUSTED'],
    [upstreamTimeoutError(), 504, 'DEADLINE_EXCEEDED'],
    [new UpstreamError({ kind: 'upstream', status: 503, message: 'overloaded', errorType: 'overloaded_error' }), 503, 'UNAVAILABLE'],
    [new UpstreamError({ kind: 'upstream', status: 429, message: 'quota', errorType: 'RESOURCE_EXHAUSTED' }), 429, 'RESOURCE_EXHAUSTED'],
  ])('%s is %i %s', (error, status, name) => {
    expect(toGeminiError(error)).toEqual({ status, body: { error: { code: status, message: error.message, status: name } } });
  });

  it('answers key refusals as Google does: an unknown key 400 API_KEY_INVALID, no key 403', () => {
    expect(toGeminiError(new AuthenticationError('无效的令牌', { code: 'invalid_api_key' }))).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: '无效的令牌',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
        },
      },
    });
    expect(toGeminiError(new AuthenticationError('未提供令牌', { code: 'missing_api_key' })).body.error).toEqual({
      code: 403,
      message: '未提供令牌',
      status: 'PERMISSION_DENIED',
    });
    expect(toGeminiError(new AuthenticationError('exhausted', { code: 'token_exhausted' })).body.error.status).toBe('UNAUTHENTICATED');
  });

  it('keeps faults generic', () => {
    expect(toGeminiError(new InternalError('db password wrong')).body.error).toEqual({ code: 500, message: 'internal server error', status: 'INTERNAL' });
  });
});

describe("a Gemini upstream's error answers", () => {
  it('keep the message, the status name as type and the ErrorInfo reason as code', () => {
    const body = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
      },
    };
    expect(mapGeminiError(400, JSON.stringify(body))).toMatchObject({
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
      errorType: 'INVALID_ARGUMENT',
      errorCode: 'API_KEY_INVALID',
    });
  });

  it('read an error reported as a JSON array or mid-stream with its own code', () => {
    const error = { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } };
    expect(mapGeminiError(429, JSON.stringify([error]))).toMatchObject({ status: 429, errorType: 'RESOURCE_EXHAUSTED' });
    expect(geminiErrorOf(200, error)).toMatchObject({ status: 429, httpStatus: 429 });
    expect(geminiErrorOf(200, { candidates: [] })).toBeUndefined();
  });

  it('become "bad response status code" when the body is not Google\'s error object', () => {
    expect(mapGeminiError(502, '<html>bad gateway</html>')).toMatchObject({
      message: 'bad response status code 502',
      errorType: 'UNAVAILABLE',
      errorCode: 'bad_response_status_code',
    });
  });
});
