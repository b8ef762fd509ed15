import { CHANNEL_FIELDS, type ChannelFieldSpec } from '@modelgate/channel-types';

/**
 * The channel-field blocks of the relay's channel-administration proto, written from the one
 * channel field list (`CHANNEL_FIELDS` of `@modelgate/channel-types`) so that adding a field is
 * one declaration: `npm run gen:proto` rewrites the lines between the markers of `message Channel`
 * (what reads return) and `message ChannelFields` (what creates and edits send), then regenerates
 * the TypeScript types. Everything outside the markers (ids, statistics, `reserved` numbers) is
 * written by hand; a block's numbers must not meet any of them.
 */

/** The proto that carries the blocks, relative to the repository's `proto/` directory. */
export const CHANNEL_PROTO = 'modelgate/relay/v1/channel_admin_service.proto';

export const BLOCK_BEGIN = '// BEGIN channel fields: written by `npm run gen:proto` from CHANNEL_FIELDS; do not edit.';
export const BLOCK_END = '// END channel fields';

/** The widest proto line, comment prefix included. */
const WIDTH = 100;
const INDENT = '  ';
/** Field numbers protobuf keeps for itself, and the largest it allows. */
const RESERVED_BY_PROTOBUF = { from: 19_000, to: 19_999 };
const MAX_NUMBER = 536_870_911;

type FieldList = Readonly<Record<string, ChannelFieldSpec>>;

interface Block {
  readonly message: string;
  numberOf(spec: ChannelFieldSpec): number | undefined;
  declaration(name: string, spec: ChannelFieldSpec): string;
  comment(spec: ChannelFieldSpec): string;
}

function textOrNames(spec: ChannelFieldSpec): boolean {
  return spec.kind === 'text' || spec.kind === 'names';
}

const BLOCKS: readonly Block[] = [
  {
    message: 'Channel',
    numberOf: (spec) => spec.proto?.read,
    declaration(name, spec) {
      const scalar = textOrNames(spec) ? 'string' : spec.kind === 'int' ? 'int32' : (spec.proto.readAs ?? 'double');
      return `${spec.secret ? 'optional ' : ''}${scalar} ${name}`;
    },
    comment: (spec) => spec.doc,
  },
  {
    message: 'ChannelFields',
    numberOf: (spec) => spec.proto?.write,
    declaration(name, spec) {
      const scalar = textOrNames(spec) ? 'string' : spec.kind === 'int' ? 'int32' : 'double';
      return `optional ${scalar} ${name}`;
    },
    comment: (spec) => spec.rule,
  },
];

/** A comment as `//` lines no wider than {@link WIDTH}. */
function commentLines(text: string): string[] {
  const prefix = `${INDENT}// `;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && prefix.length + line.length + 1 + word.length > WIDTH) {
      lines.push(prefix + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(prefix + line);
  return lines;
}

/** Number ranges (inclusive) the hand-written part of a message holds: its fields' and its `reserved` ones. */
function numbersOutside(text: string): Array<readonly [number, number]> {
  const ranges: Array<readonly [number, number]> = [];
  for (const match of text.matchAll(/=\s*(\d+)\s*[;[]/g)) ranges.push([Number(match[1]), Number(match[1])]);
  for (const match of text.matchAll(/\breserved\s+([^;]+);/g)) {
    for (const item of match[1].split(',')) {
      const range = /^\s*(\d+)(?:\s+to\s+(\d+|max))?\s*$/.exec(item);
      if (!range) continue; // a reserved name
      const last = range[2] === undefined ? range[1] : range[2] === 'max' ? MAX_NUMBER : range[2];
      ranges.push([Number(range[1]), Number(last)]);
    }
  }
  return ranges;
}

/** The block's lines, after checking every field has a number of its own. */
function blockLines(block: Block, fields: FieldList, taken: ReadonlyArray<readonly [number, number]>): string[] {
  const owners = new Map<number, string>();
  const lines = [`${INDENT}${BLOCK_BEGIN}`, ''];
  for (const [name, spec] of Object.entries(fields)) {
    const number = block.numberOf(spec);
    const where = `channel field ${name} in message ${block.message}`;
    if (number === undefined || !Number.isInteger(number) || number < 1 || number > MAX_NUMBER) {
      throw new Error(`${where} has no valid proto number`);
    }
    if (number >= RESERVED_BY_PROTOBUF.from && number <= RESERVED_BY_PROTOBUF.to) {
      throw new Error(`${where}: ${number} is reserved by protobuf`);
    }
    const owner = owners.get(number);
    if (owner !== undefined) throw new Error(`${where} shares number ${number} with ${owner}`);
    if (taken.some(([first, last]) => number >= first && number <= last)) {
      throw new Error(`${where}: number ${number} is already used or reserved outside the block`);
    }
    owners.set(number, name);
    lines.push(...commentLines(block.comment(spec)), `${INDENT}${block.declaration(name, spec)} = ${number};`);
  }
  lines.push('', `${INDENT}${BLOCK_END}`);
  return lines;
}

function rewriteMessage(text: string, block: Block, fields: FieldList): string {
  const opening = `\nmessage ${block.message} {\n`;
  const start = text.indexOf(opening);
  if (start === -1) throw new Error(`${CHANNEL_PROTO} has no message ${block.message}`);
  const bodyStart = start + opening.length;
  const bodyEnd = text.indexOf('\n}\n', bodyStart);
  const lines = text.slice(bodyStart, bodyEnd + 1).split('\n');
  const begin = lines.findIndex((line) => line.trim() === BLOCK_BEGIN);
  const end = lines.findIndex((line) => line.trim() === BLOCK_END);
  if (begin === -1 || end < begin) {
    throw new Error(`message ${block.message} needs the lines "${BLOCK_BEGIN}" and "${BLOCK_END}" around its channel fields`);
  }
  // Blank lines keep the markers out of the neighbouring fields' comments.
  const before = lines.slice(0, begin);
  while (before.length > 0 && before[before.length - 1].trim() === '') before.pop();
  if (before.length > 0) before.push('');
  const after = lines.slice(end + 1);
  while (after.length > 1 && after[0].trim() === '') after.shift();
  if (after.length > 1) after.unshift('');
  const generated = blockLines(block, fields, numbersOutside([...before, ...after].join('\n')));
  return text.slice(0, bodyStart) + [...before, ...generated, ...after].join('\n') + text.slice(bodyEnd + 1);
}

/**
 * The proto text with its channel-field blocks written from `fields`. Throws when a field has no
 * number, two fields share one, or a number is already taken outside the block.
 */
export function renderChannelProto(text: string, fields: FieldList = CHANNEL_FIELDS): string {
  return BLOCKS.reduce((current, block) => rewriteMessage(current, block, fields), text);
}
