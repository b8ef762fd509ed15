import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import compression from 'compression';
import express, { type Request, type Response, Router } from 'express';

/** Where `npm run build` leaves the console: `<repository>/console/dist`. */
export const DEFAULT_CONSOLE_DIR = resolve(__dirname, '../../../../console/dist');

/** Hashed bundles never change under one name: browsers may keep them for a year. */
const ASSET_MAX_AGE = '365d';

/**
 * Serves the console's production build at `/`: hashed assets with a long cache, other files as
 * they are, and `index.html` (never cached, so a new release shows on the next load) for every
 * other GET of a page path, so deep links such as `/token` or `/chat/1` work on reload. A missing
 * file with an extension stays a 404. Without a build the pages answer 503 and say how to build.
 * Everything is compressed for clients that accept it.
 */
export function createConsoleRoutes(consoleDir: string): Router {
  const router = Router();
  const indexFile = join(consoleDir, 'index.html');
  // The bundles are text and shrink to about a third: compressed for clients that accept it.
  router.use(compression());
  router.use(
    '/assets',
    express.static(join(consoleDir, 'assets'), { immutable: true, maxAge: ASSET_MAX_AGE, index: false, fallthrough: true }),
  );
  router.use(express.static(consoleDir, { index: false, maxAge: 0 }));
  router.use((req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (extname(req.path) !== '') return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The console is not built: run `npm run build` (or `npm start`).\n');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
