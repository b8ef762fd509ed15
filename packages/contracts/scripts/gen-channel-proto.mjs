#!/usr/bin/env node
// Writes the channel-field blocks of the relay's channel-administration proto (`message Channel`
// and `message ChannelFields`) from the one channel field list, CHANNEL_FIELDS of
// @modelgate/channel-types, with the numbers recorded there. Reads the compiled contracts, so run
// it through `npm run gen:proto`, which builds them first and regenerates the TypeScript types
// after. src/channel-proto.test.ts fails while the checked-in proto differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const contractsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(contractsRoot, '../..');
const { CHANNEL_PROTO, renderChannelProto } = createRequire(import.meta.url)(path.join(contractsRoot, 'dist/channel-proto.js'));

const file = path.join(repoRoot, 'proto', CHANNEL_PROTO);
const text = readFileSync(file, 'utf8');
const next = renderChannelProto(text);
if (next !== text) writeFileSync(file, next);
process.stdout.write(`proto/${CHANNEL_PROTO}: channel fields ${next === text ? 'already current' : 'rewritten'}\n`);
