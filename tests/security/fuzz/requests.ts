import fc from 'fast-check';
import { bodies, type FuzzBody, sometimes } from './bodies';
import { type Route, type Surface, surfaceOf } from './routes';

/** Who the request claims to be; the runner turns it into headers with the stack's real credentials. */
export type Caller =
  | 'anonymous'
  | 'made-up token'
  | 'funded token'
  | 'broke token'
  | 'user session'
  | 'admin session'
  | 'admin session, other user id'
  | 'garbage credentials';

/** One malformed request, before credentials are filled in. */
export interface FuzzRequest {
  /** The route it was made from, `METHOD /path/:param`. */
  readonly route: string;
  readonly method: string;
  readonly path: string;
  readonly surface: Surface;
  readonly caller: Caller;
  readonly headers: Record<string, string>;
  readonly body: FuzzBody;
}

/** What stands in for a path parameter: ids of every sort, encodings that do not decode, traversal. */
const SEGMENTS: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '99999999999999999999999', '1.5', '1e3', 'NaN', 'Infinity', '0x10', '%201', 'null', 'undefined', 'true', '[]', '{}'),
  fc.constantFrom('%zz', '%', '%0', '%00', 'a%00b', '%c3%28', '%ff%fe', '%ed%a0%80', '%e2%80%ae', '..', '..%2f..%2fetc%2fpasswd', '%2e%2e', '.%2e', '%5c..%5c', 'index.html', '.env', '.git%2fconfig'),
  fc.constantFrom("1'%20OR%20'1'='1", '1;DROP%20TABLE%20users', '%25', '_', '%5f', '%27', '%22', '%3Cscript%3E'),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.integer({ min: 1, max: 3_000 }).map((n) => 'a'.repeat(n)),
);

const QUERY_KEYS = ['p', 'page', 'page_size', 'size', 'keyword', 'id', 'group', 'model', 'token_name', 'model_name', 'username', 'channel', 'type', 'status', 'start_timestamp', 'end_timestamp', 'order', 'tag', 'email', 'code', 'state', 'aff', 'lang', 'key', 'user_id', 'id_sort', '__proto__[x]', 'constructor[prototype][x]', 'a[b][c][d][e][f]', 'p[]', 'keyword[$ne]'];

const QUERY_VALUES: fc.Arbitrary<string> = fc.oneof(
  { weight: 16, arbitrary: fc.constantFrom('1', '0', '-1', '-999999', '99999999999999999999', '1e309', 'NaN', '', '%', '%zz', '%00', '_', '%25', '%5f%25', '\\', "'", '%27%20OR%201%3D1--', 'true', '%c3%28', '[]') },
  { weight: 16, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  { weight: 6, arbitrary: fc.integer({ min: 100, max: 4_000 }).map((n) => 'x'.repeat(n)) },
  // Past the 16 KB a request's head may take: refused before any route sees it.
  { weight: 1, arbitrary: fc.integer({ min: 16_000, max: 40_000 }).map((n) => 'x'.repeat(n)) },
);

const QUERIES: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 6, arbitrary: fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), QUERY_VALUES), { maxLength: 6 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`)) },
  { weight: 1, arbitrary: fc.constantFrom('?', '??', '?&&&', '?=', '?a', `?${Array.from({ length: 3_000 }, (_, i) => `k${i}=v`).join('&')}`, '?%', '?a=%zz&a=1&a=2') },
);

/** Small damage to the path itself, after its parameters are filled. */
const PATH_TWISTS: ReadonlyArray<[string, (path: string) => string]> = [
  ['trailing slash', (path) => `${path}/`],
  ['double slash', (path) => path.replace('/', '//')],
  ['upper case', (path) => path.toUpperCase()],
  ['dot segment', (path) => path.replace(/\/([^/]*)$/, '/./$1')],
  ['encoded slash', (path) => path.replace(/\/([^/]*)$/, '%2f$1')],
  ['trailing NUL', (path) => `${path}%00`],
  ['semicolon', (path) => `${path};jsessionid=1`],
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE'];

/** Header values clients send by mistake or on purpose; a few exceed every sane size. */
const EXTRA_HEADERS: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({}) },
  {
    weight: 6,
    arbitrary: fc.dictionary(
      fc.constantFrom('x-forwarded-for', 'x-real-ip', 'origin', 'referer', 'accept', 'accept-encoding', 'anthropic-version', 'anthropic-beta', 'x-stainless-retry-count', 'sec-fetch-site', 'range', 'if-none-match', 'accept-language', 'user-agent', 'x-request-id', 'traceparent'),
      fc.oneof(
        fc.constantFrom('1.2.3.4, 127.0.0.1', '::1', 'unknown', '0', '-1', 'null', 'cross-site', 'bytes=0-1,5-', 'https://evil.example', '00-zz-zz-01', 'text/event-stream', '*', '2023-06-01', 'zh-CN,zh;q=0.9', ''),
        fc.string({ maxLength: 50 }).map((s) => s.replace(/[^\x20-\x7e]/g, '?')),
      ),
      { maxKeys: 4 },
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 4_000, max: 40_000 }).map((n) => ({ 'x-padding': 'p'.repeat(n) })) },
  { weight: 1, arbitrary: fc.constant(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x-h${i}`, String(i)]))) },
);

const CALLERS: readonly Caller[] = ['anonymous', 'made-up token', 'funded token', 'broke token', 'user session', 'admin session', 'admin session, other user id', 'garbage credentials'];

/** Fills `:name` parameters of a route's path with segments, then maybe twists the path. */
function paths(route: Route): fc.Arbitrary<string> {
  const params = route.path.match(/(?<=\/):[A-Za-z_]+/g) ?? [];
  return fc
    .record({
      segments: fc.array(SEGMENTS, { minLength: params.length, maxLength: params.length }),
      twist: sometimes(fc.constantFrom(...PATH_TWISTS), 0.1),
      query: QUERIES,
    })
    .map(({ segments, twist, query }) => {
      let i = 0;
      // A placeholder follows a slash; `:generateContent` after a Gemini model is the path's own.
      let path = route.path.replace(/(?<=\/):[A-Za-z_]+/g, () => segments[i++]!);
      if (twist) path = twist[1](path);
      return path + query;
    });
}

/** Requests against `routes`: each route's own method mostly, its path and body damaged. */
export function requests(routes: readonly Route[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(`${route.method} ${route.path}`),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      path: paths(route),
      caller: fc.constantFrom(...CALLERS),
      headers: EXTRA_HEADERS,
      body: bodies(route.surface),
    }).map((request) => ({ ...request, surface: surfaceOf(request.path) })),
  );
}
