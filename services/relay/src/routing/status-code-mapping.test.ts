import { UpstreamError, upstreamTransportError } from '../protocols/upstream-error';
import { applyStatusCodeMapping, mapStatusCode, parseStatusCodeMapping } from './status-code-mapping';

function upstream(status: number): UpstreamError {
  return new UpstreamError({ kind: 'upstream', status, message: 'boom', errorType: 'server_error', errorCode: 'x' });
}

describe('parseStatusCodeMapping', () => {
  it.each([null, '', '{}', 'null'])('treats %p as no mapping', (text) => {
    expect(parseStatusCodeMapping(text)).toEqual({ value: new Map() });
  });

  it("reads the reference's string form and plain numbers", () => {
    const parsed = parseStatusCodeMapping('{"429":"500","404":503," 400 ":"401"}');
    expect(parsed.problem).toBeUndefined();
    expect(parsed.value).toEqual(
      new Map([
        [429, 500],
        [404, 503],
        [400, 401],
      ]),
    );
  });

  it.each([
    ['{"429":', 'status_code_mapping is not valid JSON'],
    ['[429]', 'status_code_mapping must be a JSON object'],
    ['{"abc":"500"}', 'status_code_mapping key "abc" must be a status code 300-599'],
    ['{"200":"500"}', 'status_code_mapping key "200" must be a status code 300-599'],
    ['{"600":"500"}', 'status_code_mapping key "600" must be a status code 300-599'],
    ['{"429":"200"}', 'status_code_mapping value of "429" must be a status code 400-599'],
    ['{"429":"5xx"}', 'status_code_mapping value of "429" must be a status code 400-599'],
    ['{"429":500.5}', 'status_code_mapping value of "429" must be a status code 400-599'],
    ['{"429":null}', 'status_code_mapping value of "429" must be a status code 400-599'],
  ])('ignores the whole malformed text %s and says why', (text, problem) => {
    const parsed = parseStatusCodeMapping(text);
    expect(parsed.value.size).toBe(0);
    expect(parsed.problem).toBe(problem);
  });
});

describe('mapStatusCode', () => {
  const mapping = new Map([
    [429, 500],
    [401, 503],
  ]);

  it.each([
    [429, 500],
    [401, 503],
    [404, 404],
    [500, 500],
    [200, 200],
    [204, 204],
  ])('%i → %i', (status, expected) => {
    expect(mapStatusCode(mapping, status)).toBe(expected);
  });

  it('is one level: a mapped status is not mapped again', () => {
    expect(mapStatusCode(new Map([[429, 500], [500, 502]]), 429)).toBe(500);
  });
});

describe('applyStatusCodeMapping', () => {
  const mapping = new Map([[429, 500]]);

  it("gives an upstream failure the mapped status, for the policies and the client", () => {
    const mapped = applyStatusCodeMapping(mapping, upstream(429));
    expect(mapped.status).toBe(500);
    expect(mapped.httpStatus).toBe(500);
    expect(mapped.message).toBe('boom');
    expect(mapped.errorCode).toBe('x');
  });

  it('returns the same error when nothing maps', () => {
    const error = upstream(404);
    expect(applyStatusCodeMapping(mapping, error)).toBe(error);
  });

  it('leaves transport failures alone', () => {
    const error = upstreamTransportError(new Error('ECONNREFUSED'));
    expect(applyStatusCodeMapping(new Map([[502, 429]]), error)).toBe(error);
  });
});
