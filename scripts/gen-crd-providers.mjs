#!/usr/bin/env node
// Writes the Channel CRD's `spec.type` enum (charts/modelgate-crds) from the channel-type
// catalogue (@modelgate/channel-types), in type-id order. Run after adding a channel type:
// `npm run gen:crd`. tests/charts/crd.test.ts fails while the chart and the catalogue disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { CHANNEL_TYPES } = require(path.join(root, 'packages/channel-types/dist/index.js'));
const crdPath = path.join(root, 'charts/modelgate-crds/templates/channels.modelgate.dev.yaml');

const providers = [...CHANNEL_TYPES].sort((a, b) => a.id - b.id).map((type) => type.provider);
const crd = readFileSync(crdPath, 'utf8');
// The first enum of the file is spec.type's (written as one flow sequence, possibly wrapped).
const match = /^( *)enum: \[[^\]]*\]$/m.exec(crd);
if (!match) throw new Error(`no enum found in ${crdPath}`);
const indent = match[1];
const lines = [];
let line = `${indent}enum: [`;
for (const [index, name] of providers.entries()) {
  const item = `${name}${index === providers.length - 1 ? ']' : ','}`;
  if (line.length + item.length + 1 > 110 && !line.endsWith('[')) {
    lines.push(line);
    line = `${indent}       ${item}`;
  } else {
    line += line.endsWith('[') ? item : ` ${item}`;
  }
}
lines.push(line);
writeFileSync(crdPath, crd.slice(0, match.index) + lines.join('\n') + crd.slice(match.index + match[0].length));
process.stdout.write(`${path.relative(root, crdPath)}: spec.type lists ${providers.length} providers\n`);
