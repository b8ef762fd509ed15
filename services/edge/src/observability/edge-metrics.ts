import { Counter, Gauge, Histogram, LabelledChildren, LATENCY_BUCKETS, type Registry } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** How the sign-in routes are told apart (`method` label of `modelgate_edge_sign_ins_total`). */
const SIGN_IN_ROUTES: Readonly<Record<string, string>> = {
  '/api/user/login': 'password',
  '/api/oauth/github': 'github',
  '/api/oauth/oidc': 'oidc',
  '/api/oauth/linuxdo': 'linuxdo',
  '/api/oauth/wechat': 'wechat',
  '/api/oauth/telegram/login': 'telegram',
};

type Inc = { inc(): void };
type Observe = { observe(value: number): void };

/**
 * Edge's Prometheus metrics: `/api` requests by route template (never the raw path, which holds
 * ids), method and status; sign-ins by method and outcome; rate-limit refusals by limit; and the
 * sessions alive now. Labels come from the route table and fixed vocabularies only.
 */
export class EdgeMetrics {
  readonly requests: Counter<'route' | 'method' | 'status'>;
  readonly requestSeconds: Histogram<'route' | 'method'>;
  readonly signIns: Counter<'method' | 'outcome'>;
  readonly rateLimited: Counter<'limit'>;
  readonly activeSessions: Gauge;
  private readonly requestChildren = new LabelledChildren<Inc>((v) => this.requests.labels(v[0]!, v[1]!, v[2]!));
  private readonly secondsChildren = new LabelledChildren<Observe>((v) => this.requestSeconds.labels(v[0]!, v[1]!));

  constructor(registry: Registry, dataSource?: DataSource) {
    const registers = [registry];
    this.requests = new Counter({
      name: 'modelgate_api_requests_total',
      help: 'Requests edge answered (/api, console, probes), by route template, method and HTTP status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'modelgate_api_request_duration_seconds',
      help: 'Time edge took to answer, by route template and method',
      labelNames: ['route', 'method'],
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.signIns = new Counter({
      name: 'modelgate_edge_sign_ins_total',
      help: 'Sign-in attempts, by method (password, github, oidc, linuxdo, wechat, telegram) and outcome (success, failure)',
      labelNames: ['method', 'outcome'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'modelgate_edge_rate_limited_total',
      help: 'Requests refused by a per-client rate limit, by limit (GA: /api, GW: console, CT: critical)',
      labelNames: ['limit'],
      registers,
    });
    this.activeSessions = new Gauge({
      name: 'modelgate_edge_active_sessions',
      help: 'Console sessions not yet expired (read from the sessions table at scrape time)',
      registers,
      // Every worker of one process reads the same table: their pages are merged by max, not summed.
      aggregator: 'max',
      collect: dataSource
        ? async () => {
            if (!dataSource.isInitialized) return;
            const rows: Array<{ count: string }> = await dataSource.query(`SELECT count(*) AS count FROM sessions WHERE expires_at > now()`);
            this.activeSessions.set(Number(rows[0]?.count ?? 0));
          }
        : undefined,
    });
  }

  /**
   * One answered request: `route` is its template; `locals` what the chain noted on the response
   * (`signedIn` by a sign-in, `refused` by the envelope's error handler, `rateLimit` by a limit).
   */
  answered(route: string, method: string, status: number, seconds: number, locals: Record<string, unknown>): void {
    this.requestChildren.get([route, method, String(status)]).inc();
    this.secondsChildren.get([route, method]).observe(seconds);
    const signInMethod = SIGN_IN_ROUTES[route];
    if (signInMethod !== undefined) {
      // A binding (an OAuth callback of a signed-in user) is neither: it signs nobody in.
      if (locals.signedIn === true) this.signIns.labels(signInMethod, 'success').inc();
      else if (locals.refused === true) this.signIns.labels(signInMethod, 'failure').inc();
    }
    if (typeof locals.rateLimit === 'string') this.rateLimited.labels(locals.rateLimit).inc();
  }
}
