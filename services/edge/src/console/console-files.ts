import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import compression from 'compression';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { EdgeOptionReader } from '../options/edge-options';

/** Where `npm run build` leaves the console: `<repository>/console/dist`. */
export const DEFAULT_CONSOLE_DIR = resolve(__dirname, '../../../../console/dist');

/** Hashed bundles never change under one name: browsers may keep them for a year. */
const ASSET_MAX_AGE = '365d';

/** The page every console path shows, relative to the build directory. */
const INDEX_FILE = 'index.html';

/** Third-party scripts the console loads: Cloudflare Turnstile and Telegram's login widget. */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';

/**
 * The console's content security policy. What the console needs, and why each source is there:
 * - scripts: its own bundles (no inline script, no `eval`), Turnstile's and Telegram's widget
 *   scripts. Telegram's widget runs its `data-onauth` callback through `eval`, so `'unsafe-eval'`
 *   is added only while Telegram sign-in is enabled;
 * - styles: its own sheets, and inline styles (sanitised Markdown content and the widgets set
 *   style attributes; styles cannot run code);
 * - frames: admin-set pages (home, about: `https://`) and chat links (any http(s) address), which
 *   also covers the Turnstile and Telegram widgets' frames;
 * - images and media: the admin's logo and what Markdown content shows, from anywhere;
 * - connections: `/api`, `/pg`, and the settings' browser fetches (the OIDC discovery document at
 *   an address the admin types, the latest-release listing);
 * - nothing may frame the console (`frame-ancestors 'none'`), no plugins, no `<base>` elsewhere.
 * `form-action` is left open: online top-up posts a form to the payment gateway the admin set.
 */
export function consoleContentSecurityPolicy({ telegramSignIn }: { telegramSignIn: boolean }): string {
  const scripts = ["'self'", TURNSTILE_ORIGIN, TELEGRAM_SCRIPT_ORIGIN, ...(telegramSignIn ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self' http: https:",
    'frame-src http: https:',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The security headers of every console answer: the content security policy, no framing by
 * other sites (`frame-ancestors` and, for older browsers, `X-Frame-Options`), and no MIME sniffing.
 */
function securityHeaders(options: EdgeOptionReader | undefined): RequestHandler {
  const policies = new Map(
    [false, true].map((telegramSignIn) => [telegramSignIn, consoleContentSecurityPolicy({ telegramSignIn })] as const),
  );
  return (_req, res, next) => {
    const telegramSignIn = options?.value('TelegramOAuthEnabled') ?? false;
    res.setHeader('Content-Security-Policy', policies.get(telegramSignIn)!);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  };
}

/**
 * Serves the console's production build at `/`: hashed assets with a long cache, other files as
 * they are, and `index.html` (never cached, so a new release shows on the next load) for every
 * other GET of a page path, so deep links such as `/token` or `/chat/1` work on reload. A missing
 * file with an extension stays a 404. Without a build the pages answer 503 and say how to build.
 * Everything is compressed for clients that accept it, and carries the security headers.
 * `options` (edge's options) tells whether Telegram sign-in is on; see
 * {@link consoleContentSecurityPolicy}.
 */
export function createConsoleRoutes(consoleDir: string, options?: EdgeOptionReader): Router {
  const router = Router();
  const root = resolve(consoleDir);
  router.use(securityHeaders(options));
  // The bundles are text and shrink to about a third: compressed for clients that accept it.
  router.use(compression());
  router.use(
    '/assets',
    express.static(join(root, 'assets'), { immutable: true, maxAge: ASSET_MAX_AGE, index: false, fallthrough: true }),
  );
  router.use(express.static(root, { index: false, maxAge: 0 }));
  router.use((req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (extname(req.path) !== '') return next();
    if (!existsSync(join(root, INDEX_FILE))) {
      res.status(503).type('text/plain').send('The console is not built: run `npm run build` (or `npm start`).\n');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // By root, not by absolute path: `send` refuses a path with a dot-directory in it (a checkout
    // under `~/.cache/…`), but checks only the part below `root`.
    res.sendFile(INDEX_FILE, { root });
  });
  return router;
}
