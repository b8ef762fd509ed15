// Builds the console (`npm run build -w @modelgate/console`) only when its sources changed since
// the build in console/dist: `npm start` then starts in seconds instead of rebuilding every time.
// The sources' fingerprint (a SHA-256 over every input's path and content) is kept next to the
// build; a missing build, a missing or different fingerprint, or `--force` builds again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'console', 'dist');
const stamp = path.join(dist, '.source-fingerprint');

/** What the bundle is made of: the console's sources and config, and the catalogue it bundles. */
const INPUTS = [
  'console/src',
  'console/public',
  'console/index.html',
  'console/package.json',
  'console/tsconfig.json',
  'console/vite.config.ts',
  'packages/channel-types/src',
  'packages/contracts/src/api-bounds.ts',
  'package-lock.json',
];

/** Every file below `entry` (or `entry` itself), tests left out, in a stable order. */
function filesOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((child) => (/\.test\.tsx?$/.test(child.name) ? [] : filesOf(path.join(entry, child.name))));
}

/** The fingerprint of the console's inputs as they are now. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf)) {
    hash.update(file.split(path.sep).join('/')).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

function main() {
  const force = process.argv.includes('--force');
  const fingerprint = sourceFingerprint();
  const built = existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint;
  if (built && !force) {
    console.log('console: up to date (sources unchanged since the last build)');
    return;
  }
  execFileSync('npm', ['run', 'build', '-w', '@modelgate/console'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${fingerprint}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
