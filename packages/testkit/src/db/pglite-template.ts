import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Logger } from '@modelgate/runtime';
import { startEmbeddedPostgres } from '@modelgate/db';

/** Bump when the template's contents change meaning, to stop reusing older copies. */
const TEMPLATE_FORMAT = 1;

/**
 * Fills `target` (which must not exist) with a freshly initialised, empty PGlite data directory.
 *
 * initdb costs ~5 s and ~800 MB per run, which every test file would pay; instead one initialised
 * directory is kept under the OS temp dir, keyed by the PGlite version, and copied (~1 s). The
 * template is built in a private directory and renamed into place, so parallel jest workers never
 * see a half-written one; the loser of a race simply discards its copy.
 */
export async function copyPgliteTemplate(target: string, logger: Logger): Promise<void> {
  const name = `modelgate-pglite-template-${pgliteVersion()}-${TEMPLATE_FORMAT}`;
  const template = join(tmpdir(), name);
  if (!existsSync(join(template, 'PG_VERSION'))) await buildTemplate(template, logger);
  await cp(template, target, { recursive: true });
}

async function buildTemplate(template: string, logger: Logger): Promise<void> {
  const staging = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await (await startEmbeddedPostgres({ dataDir: staging, logger })).stop();
    await rename(staging, template);
  } catch (error) {
    // Another worker may have renamed its template into place first: use that one.
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The installed PGlite's version (its package.json is not exported, so read it from disk). */
function pgliteVersion(): string {
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}
