import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';

jest.setTimeout(120_000);

/**
 * Numbers a client may type into any id, page or filter: beyond PostgreSQL's `integer`, beyond
 * `bigint`, negative, fractional, not a number at all. Whatever the route, the answer is an
 * envelope (a clear `success:false`, or an empty result) and never a server fault.
 */
const BAD_NUMBERS = ['3000000000', '99999999999999999999', '-1', '1.5', 'abc', '1e3', '0x10', ''];

/** `{n}` is replaced by each bad number. */
const GET_ROUTES = [
  '/api/token/{n}',
  '/api/token/?p={n}&size={n}',
  '/api/token/search?keyword=a&p={n}',
  '/api/redemption/{n}',
  '/api/redemption/?p={n}&page_size={n}',
  '/api/redemption/search?keyword={n}',
  '/api/channel/{n}',
  '/api/channel/?p={n}&page_size={n}',
  '/api/channel/search?keyword={n}&p={n}',
  '/api/channel/test/{n}',
  '/api/channel/update_balance/{n}',
  '/api/channel/fetch_models/{n}',
  '/api/log/?p={n}&channel={n}&type={n}&start_timestamp={n}',
  '/api/log/self/?p={n}&page_size={n}&end_timestamp={n}',
  '/api/log/stat?channel={n}&start_timestamp={n}',
  '/api/data/?start_timestamp={n}&end_timestamp={n}',
  '/api/data/self?start_timestamp={n}',
  '/api/mj/?p={n}&channel_id={n}&start_timestamp={n}',
  '/api/mj/self?p={n}&start_timestamp={n}',
  '/api/task/?p={n}&channel_id={n}',
  '/api/task/self?p={n}&end_timestamp={n}',
  '/api/user/{n}',
  '/api/user/?p={n}&page_size={n}',
];

/** Bodies whose numeric fields take each bad number (sent as a JSON number where it parses). */
const WRITE_ROUTES: Array<{ method: 'POST' | 'PUT'; path: string; body: (n: unknown) => unknown }> = [
  { method: 'PUT', path: '/api/token/', body: (n) => ({ id: n, name: 'x', remain_quota: n, expired_time: n }) },
  { method: 'PUT', path: '/api/token/?status_only=true', body: (n) => ({ id: n, status: n }) },
  { method: 'POST', path: '/api/token/', body: (n) => ({ name: 'x', remain_quota: n, expired_time: n, count: n }) },
  { method: 'PUT', path: '/api/redemption/', body: (n) => ({ id: n, name: 'x', quota: n }) },
  { method: 'POST', path: '/api/redemption/', body: (n) => ({ name: 'x', quota: n, count: n }) },
  { method: 'PUT', path: '/api/channel/', body: (n) => ({ id: n, priority: n, weight: n }) },
  { method: 'POST', path: '/api/channel/batch', body: (n) => ({ ids: [n] }) },
  { method: 'POST', path: '/api/channel/batch/tag', body: (n) => ({ ids: [n], tag: 't' }) },
  { method: 'PUT', path: '/api/channel/tag', body: (n) => ({ tag: 't', priority: n }) },
  { method: 'POST', path: '/api/user/amount', body: (n) => ({ amount: n, top_up_code: '' }) },
  { method: 'POST', path: '/api/user/pay', body: (n) => ({ amount: n, payment_method: 'zfb' }) },
  { method: 'POST', path: '/api/user/manage', body: (n) => ({ id: n, action: 'disable' }) },
];

function asJsonValue(text: string): unknown {
  const number = Number(text);
  return text !== '' && Number.isFinite(number) && String(number) === text ? number : text;
}

describe('/api: out-of-range and malformed numbers', () => {
  let api: ApiStack;
  let root: ApiClient;

  beforeAll(async () => {
    api = await startApiStack();
    root = await api.root();
  });
  afterAll(() => api?.stop());

  it.each(GET_ROUTES)('GET %s answers an envelope, never a fault', async (template) => {
    const faults: string[] = [];
    for (const bad of BAD_NUMBERS) {
      const path = template.replaceAll('{n}', encodeURIComponent(bad));
      const res = await root.get(path);
      if (res.status >= 500 || typeof res.body?.success !== 'boolean') faults.push(`${path} → ${res.status}`);
    }
    expect(faults).toEqual([]);
  });

  it.each(WRITE_ROUTES)('$method $path answers an envelope, never a fault', async ({ method, path, body }) => {
    const faults: string[] = [];
    for (const bad of [...BAD_NUMBERS, '1e400', '9007199254740993']) {
      // Written into the JSON as they are, so 1e400 and 2^53 + 1 arrive as number literals.
      const json = JSON.stringify(body(asJsonValue(bad))).replaceAll('"1e400"', '1e400').replaceAll('"9007199254740993"', '9007199254740993');
      const res = await root.raw(method, path, json);
      if (res.status !== 200 || res.body?.success !== false) faults.push(`${bad} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(faults).toEqual([]);
  });
});
