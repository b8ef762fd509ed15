import { UpstreamError } from '../upstream-error';
import { mapOpenAIError } from './errors';

describe('mapOpenAIError', () => {
  it("keeps OpenAI's error object and the status", () => {
    const error = mapOpenAIError(
      401,
      '{"error":{"message":"Incorrect API key provided: sk-abc.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}',
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({
      kind: 'upstream',
      status: 401,
      httpStatus: 401,
      message: 'Incorrect API key provided: sk-abc.',
      errorType: 'invalid_request_error',
      errorCode: 'invalid_api_key',
      code: 'invalid_api_key',
      param: null,
    });
  });

  it.each<[string, number, string, { message: string; errorType?: string; errorCode?: string | null; code?: string }]>([
    ['an error string', 500, '{"error":"upstream exploded"}', { message: 'upstream exploded', errorType: 'upstream_error', code: 'upstream_error' }],
    ['a top-level message and code', 400, '{"message":"bad model","code":"model_not_found"}', { message: 'bad model', errorCode: 'model_not_found' }],
    ['msg and a numeric code', 429, '{"code":1002,"msg":"rate limited"}', { message: 'rate limited', errorCode: '1002' }],
    ['error_msg', 400, '{"error_code":17,"error_msg":"Open api daily request limit reached"}', { message: 'Open api daily request limit reached' }],
    ['header.message', 400, '{"header":{"code":10013,"message":"input invalid"}}', { message: 'input invalid' }],
    ['response.error.message', 400, '{"response":{"error":{"message":"nested"}}}', { message: 'nested' }],
    ['a FastAPI detail', 404, '{"detail":"Model not found in the model list"}', { message: 'Model not found in the model list' }],
    ['FastAPI validation details', 422, '{"detail":[{"msg":"field required"},{"msg":"value is not a valid integer"}]}', { message: 'field required; value is not a valid integer' }],
    ['an error type without code', 429, '{"error":{"message":"quota","type":"insufficient_quota"}}', { message: 'quota', errorType: 'insufficient_quota', errorCode: null, code: 'upstream_error' }],
  ])('reads %s', (_name, status, body, expected) => {
    expect(mapOpenAIError(status, body)).toMatchObject({ status, ...expected });
  });

  it.each([
    ['an HTML page from a proxy', 524, '<html><body>A timeout occurred</body></html>'],
    ['an empty body', 503, ''],
    ['JSON without a message', 500, '{"ok":false}'],
    ['a huge body', 500, `{"error":{"message":"${'x'.repeat(70_000)}"}}`],
  ])("falls back to the reference's message for %s, never echoing the body", (_name, status, body) => {
    expect(mapOpenAIError(status, body)).toMatchObject({
      status,
      httpStatus: status,
      message: `bad response status code ${status}`,
      errorType: 'upstream_error',
      errorCode: 'bad_response_status_code',
      param: String(status),
    });
  });

  it('accepts bytes, including a view into a larger buffer', () => {
    const whole = Buffer.from('--{"error":{"message":"über"}}--');
    expect(mapOpenAIError(400, whole.subarray(2, whole.length - 2)).message).toBe('über');
  });

  it('answers the client 502 for a non-error status but keeps it for the retry policy', () => {
    const error = mapOpenAIError(302, '{"message":"moved"}');
    expect(error.status).toBe(302);
    expect(error.httpStatus).toBe(502);
    expect(error.withStatus(500)).toMatchObject({ status: 500, httpStatus: 500, message: 'moved' });
  });
});
