import { AuthenticationError } from '@modelgate/runtime';
import { extractRawKey, parseTokenKey, readTokenKey } from './token-key';

const KEY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV'; // 48 alphanumerics
const OTHER = '0123456789012345678901234567890123456789abcdefgh';

describe('extractRawKey', () => {
  it.each([
    ['Bearer sk-KEY', { authorization: `Bearer sk-${KEY}` }, undefined, `sk-${KEY}`],
    ['lower-case bearer', { authorization: `bearer sk-${KEY}` }, undefined, `sk-${KEY}`],
    ['raw sk-KEY', { authorization: `sk-${KEY}` }, undefined, `sk-${KEY}`],
    ['raw key without sk-', { authorization: KEY }, undefined, KEY],
    ['websocket protocol', { 'sec-websocket-protocol': `realtime, openai-insecure-api-key.sk-${KEY}, openai-beta.realtime-v1` }, undefined, `sk-${KEY}`],
    ['x-api-key wins on /v1/messages', { 'x-api-key': `sk-${KEY}`, authorization: `Bearer sk-${OTHER}` }, '/v1/messages', `sk-${KEY}`],
    ['authorization wins elsewhere', { 'x-api-key': `sk-${OTHER}`, authorization: `Bearer sk-${KEY}` }, '/v1/chat/completions', `sk-${KEY}`],
    ['x-api-key alone elsewhere', { 'x-api-key': `sk-${KEY}` }, '/v1/chat/completions', `sk-${KEY}`],
    ['mj-api-secret without authorization', { 'mj-api-secret': `sk-${KEY}` }, '/mj/submit/imagine', `sk-${KEY}`],
    ['mj-api-secret behind the placeholder', { authorization: 'Bearer midjourney-proxy', 'mj-api-secret': `sk-${KEY}` }, undefined, `sk-${KEY}`],
    ['placeholder without secret', { authorization: 'midjourney-proxy' }, undefined, ''],
    ['array header value', { authorization: [`Bearer sk-${KEY}`, 'Bearer other'] }, undefined, `sk-${KEY}`],
    ['nothing', {}, undefined, ''],
    ['empty bearer', { authorization: 'Bearer ' }, undefined, ''],
  ])('%s', (_name, headers, path, expected) => {
    expect(extractRawKey(headers, path === undefined ? {} : { path })).toBe(expected);
  });
});

describe('parseTokenKey', () => {
  it.each([
    [`sk-${KEY}`, { key: KEY }],
    [KEY, { key: KEY }],
    [`sk-${KEY}-12`, { key: KEY, pinnedChannel: '12' }],
    [`${KEY}-7`, { key: KEY, pinnedChannel: '7' }],
    [`sk-${KEY}-abc`, { key: KEY, pinnedChannel: 'abc' }],
    [`sk-${KEY}-`, { key: KEY, pinnedChannel: '' }],
  ])('parses %s', (raw, expected) => {
    expect(parseTokenKey(raw)).toEqual(expected);
  });

  it.each([
    ['empty', '', 'missing_api_key', '未提供令牌'],
    ['blank', '   ', 'missing_api_key', '未提供令牌'],
    ['too short', 'sk-abc', 'invalid_api_key', '无效的令牌'],
    ['47 characters', `sk-${KEY.slice(1)}`, 'invalid_api_key', '无效的令牌'],
    ['49 characters', `sk-${KEY}x`, 'invalid_api_key', '无效的令牌'],
    ['non-alphanumeric', `sk-${KEY.slice(1)}_`, 'invalid_api_key', '无效的令牌'],
    ['two suffixes', `sk-${KEY}-1-2`, 'invalid_api_key', '无效的令牌'],
    ['prefix only', 'sk-', 'invalid_api_key', '无效的令牌'],
  ])('rejects %s', (_name, raw, code, message) => {
    let caught: unknown;
    try {
      parseTokenKey(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AuthenticationError);
    expect(caught).toMatchObject({ code, message, httpStatus: 401 });
  });

  it('reads and parses headers in one step', () => {
    expect(readTokenKey({ authorization: `Bearer sk-${KEY}-3` })).toEqual({ key: KEY, pinnedChannel: '3' });
    expect(() => readTokenKey({})).toThrow('未提供令牌');
  });
});
