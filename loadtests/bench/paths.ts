import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the nearest directory above `start` whose package.json declares npm
 * workspaces. Works from the sources (jest) and from `dist/` (npm run bench) alike.
 */
export function findRepoRoot(start: string = __dirname): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (parsed.workspaces) return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no workspace root above ${start}`);
  }
}

/** The loadtests workspace directory, holding the preload scripts next to the sources. */
export function loadtestsDir(repoRoot: string): string {
  return path.join(repoRoot, 'loadtests');
}

/** Entry point of the fake upstream's command line, from its package. */
export function fakeUpstreamEntry(): string {
  return path.join(path.dirname(require.resolve('@modelgate/fake-upstream')), 'main.js');
}

/** The bare Node proxy of the ceiling row (compiled next to this file). */
export function bareProxyEntry(): string {
  return path.join(__dirname, 'bare-proxy.js');
}

/** Portkey's Node server script. */
export function portkeyEntry(): string {
  return path.join(path.dirname(require.resolve('@portkey-ai/gateway/package.json')), 'build', 'start-server.js');
}
