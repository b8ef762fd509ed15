// The relay proto's channel fields against the one field list; generated-types.test.ts checks in
// turn that the committed TypeScript types are what the proto generates.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHANNEL_FIELD_NAMES, CHANNEL_FIELDS, type ChannelFieldSpec } from '@modelgate/channel-types';
import { loadSync } from '@grpc/proto-loader';
import { BLOCK_BEGIN, BLOCK_END, CHANNEL_PROTO, renderChannelProto } from './channel-proto';
import { LOADER_OPTIONS, PROTO_ROOT } from './load';

const protoFile = path.join(PROTO_ROOT, CHANNEL_PROTO);
const checkedIn = readFileSync(protoFile, 'utf8');

interface LoadedField {
  number: number;
  type: string;
  /** Declared `optional` (proto3 gives it a synthetic oneof `_<name>`, so absence is seen). */
  optional: boolean;
}

interface MessageDescriptor {
  type: { field: Array<{ name: string; number: number; type: string }>; oneofDecl: Array<{ name: string }> };
}

/** The fields of one message as the services load it. */
function loadedFields(message: string): Map<string, LoadedField> {
  const definition = loadSync(CHANNEL_PROTO, { ...LOADER_OPTIONS, includeDirs: [PROTO_ROOT] });
  const { type } = definition[`modelgate.relay.v1.${message}`] as unknown as MessageDescriptor;
  const oneofs = new Set(type.oneofDecl.map((oneof) => oneof.name));
  return new Map(type.field.map(({ name, number, type }) => [name, { number, type, optional: oneofs.has(`_${name}`) }]));
}

/** The field list with one entry changed. */
function withField(name: string, spec: Partial<ChannelFieldSpec> & Record<string, unknown>): Record<string, ChannelFieldSpec> {
  return { ...CHANNEL_FIELDS, [name]: { ...CHANNEL_FIELDS.tag, ...spec } as ChannelFieldSpec };
}

describe('the channel fields of the relay proto', () => {
  it('are what `npm run gen:proto` writes from CHANNEL_FIELDS (run it if this fails)', () => {
    expect(renderChannelProto(checkedIn)).toBe(checkedIn);
  });

  it('load with the numbers and scalars CHANNEL_FIELDS records', () => {
    const read = loadedFields('Channel');
    const write = loadedFields('ChannelFields');
    const scalar = { int: 'TYPE_INT32', text: 'TYPE_STRING', names: 'TYPE_STRING' } as const;
    for (const name of CHANNEL_FIELD_NAMES) {
      const spec: ChannelFieldSpec = CHANNEL_FIELDS[name];
      const readAs = spec.kind === 'number' ? `TYPE_${(spec.proto.readAs ?? 'double').toUpperCase()}` : scalar[spec.kind];
      expect({ name, ...read.get(name) }).toMatchObject({ name, number: spec.proto.read, type: readAs, optional: spec.secret === true });
      const writeAs = spec.kind === 'number' ? 'TYPE_DOUBLE' : scalar[spec.kind];
      expect({ name, ...write.get(name) }).toMatchObject({ name, number: spec.proto.write, type: writeAs, optional: true });
    }
    // The write message is the list and nothing else; reads add the channel's id and statistics.
    expect([...write.keys()].sort()).toEqual([...CHANNEL_FIELD_NAMES].sort());
    expect(['id', 'created_time', 'used_quota', 'circuit'].every((name) => read.has(name))).toBe(true);
  });

  it('keep the markers out of the neighbouring fields and the stable numbers in place', () => {
    const rendered = renderChannelProto(checkedIn, withField('region', { proto: { read: 33, write: 23 }, doc: 'Where.', rule: 'Where.' }));
    expect(rendered).toContain(`  // Where.\n  string region = 33;\n\n  ${BLOCK_END}`);
    expect(rendered).toContain(`  // Where.\n  optional string region = 23;\n\n  ${BLOCK_END}`);
    expect(rendered).toContain(`  ${BLOCK_BEGIN}\n\n  // Channel type (spec §3 channel types).\n  int32 type = 2;`);
    // A field dropped from the list leaves the block, and nothing else of the message moves.
    expect(renderChannelProto(rendered, CHANNEL_FIELDS)).toBe(checkedIn);
  });

  it('refuses a field without a number, two fields sharing one, and a number taken outside the block', () => {
    const missing = withField('region', { proto: { write: 23 } as ChannelFieldSpec['proto'] });
    expect(() => renderChannelProto(checkedIn, missing)).toThrow('channel field region in message Channel has no valid proto number');
    const shared = withField('region', { proto: { read: 33, write: 22 } });
    expect(() => renderChannelProto(checkedIn, shared)).toThrow('channel field region in message ChannelFields shares number 22 with max_concurrency');
    const statistic = withField('region', { proto: { read: 9, write: 23 } });
    expect(() => renderChannelProto(checkedIn, statistic)).toThrow('channel field region in message Channel: number 9 is already used');
    const retired = checkedIn.replace('  int64 id = 1;\n', '  int64 id = 1;\n  reserved 40 to 42, 50;\n');
    const reused = withField('region', { proto: { read: 41, write: 23 } });
    expect(() => renderChannelProto(retired, reused)).toThrow('channel field region in message Channel: number 41 is already used or reserved');
  });

  it('refuses a proto without the markers', () => {
    const unmarked = checkedIn.replace(`  ${BLOCK_BEGIN}\n`, '');
    expect(() => renderChannelProto(unmarked)).toThrow('message Channel needs the lines');
  });
});
