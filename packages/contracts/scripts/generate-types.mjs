#!/usr/bin/env node
// Regenerates the TypeScript types of every proto under the repository's `proto/` directory into
// `packages/contracts/src/generated/` (or the directory given with `--out <dir>`), with
// `proto-loader-gen-types`. The flags below must produce the same value shapes as the loader's
// pinned options in `src/load.ts` (keepCase, longs String, enums String, defaults, oneofs); the
// contracts test checks that the committed output is current and that values decode as typed.
//
// Usage: npm run proto:gen            (from the repository root)
//        node packages/contracts/scripts/generate-types.mjs --out /tmp/check
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const contractsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(contractsRoot, '../..');
const protoRoot = path.join(repoRoot, 'proto');
const defaultOut = path.join(contractsRoot, 'src', 'generated');

/** Flags shared with the runtime loader's options; see src/load.ts. */
const GENERATOR_FLAGS = [
  '--keepCase',
  '--longs=String',
  '--enums=String',
  '--defaults',
  '--oneofs',
  '--includeComments',
  '--grpcLib=@grpc/grpc-js',
];

/** Every `.proto` file below `dir`, as sorted paths relative to `protoRoot` with `/` separators. */
function findProtos(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findProtos(full));
    else if (entry.name.endsWith('.proto')) found.push(path.relative(protoRoot, full).split(path.sep).join('/'));
  }
  return found.sort();
}

function parseOut(argv) {
  const index = argv.indexOf('--out');
  if (index === -1) return defaultOut;
  const value = argv[index + 1];
  if (!value) throw new Error('--out needs a directory');
  return path.resolve(value);
}

/** Generates into a fresh temporary directory, then replaces `outDir` with it (no stale files). */
function generate(outDir) {
  const protos = findProtos(protoRoot);
  if (protos.length === 0) throw new Error(`no .proto files under ${protoRoot}`);
  const bin = createRequire(import.meta.url).resolve('@grpc/proto-loader/build/bin/proto-loader-gen-types.js');
  const staging = mkdtempSync(path.join(tmpdir(), 'modelgate-proto-gen-'));
  try {
    // cwd is the repository root so the "Original file" headers are the same on every machine.
    execFileSync(
      process.execPath,
      [bin, ...GENERATOR_FLAGS, '--includeDirs', 'proto', '--outDir', staging, ...protos],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    rmSync(outDir, { recursive: true, force: true });
    cpSync(staging, outDir, { recursive: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return protos;
}

const outDir = parseOut(process.argv.slice(2));
const protos = generate(outDir);
process.stdout.write(`generated types for ${protos.length} proto files into ${path.relative(process.cwd(), outDir) || '.'}\n`);
