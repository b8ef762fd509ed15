import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHANNEL_TYPES, type ChannelTypeGroup, channelTypeStanding, servedProtocols, WIRE_PROTOCOLS, type WireProtocol } from '@modelgate/channel-types';

// The README's lists of channel types the gateway serves, is adding and does not support, checked
// against the catalogue: a type that changes group (or is added) fails this test until the README
// says so.

const README = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
const section = README.slice(README.indexOf('<!-- channel-types:start'), README.indexOf('<!-- channel-types:end -->'));
const flat = section.replace(/\s+/g, ' ');

/** Each group's paragraph, by the words it opens with. */
const OPENINGS: Readonly<Record<ChannelTypeGroup, string>> = {
  served: 'Channel types served',
  coming: 'Being added',
  notSupported: 'Not supported',
};

function part(group: ChannelTypeGroup): string {
  const start = flat.indexOf(OPENINGS[group]);
  const ends = Object.values(OPENINGS)
    .map((opening) => flat.indexOf(opening))
    .filter((index) => index > start);
  return start < 0 ? '' : flat.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `name` appears in `text` as a whole name (not inside a longer one). */
function names(text: string, name: string): boolean {
  return new RegExp(`(^|[\\s,(])${escape(name)}(?=,|\\.|\\)| and | \\(|$)`).test(text);
}

describe('the README’s channel types', () => {
  it('has a paragraph for each group that has types, in the order served, being added, not supported', () => {
    const groups = (Object.keys(OPENINGS) as ChannelTypeGroup[]).filter((group) =>
      CHANNEL_TYPES.some((type) => channelTypeStanding(type).group === group),
    );
    const starts = groups.map((group) => flat.indexOf(OPENINGS[group]));
    expect(groups.filter((_, index) => starts[index]! < 0)).toEqual([]);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it.each(CHANNEL_TYPES.map((type) => [type.name, channelTypeStanding(type).group] as const))('%s is listed in its group (%s) only', (name, group) => {
    const listedIn = (Object.keys(OPENINGS) as ChannelTypeGroup[]).filter((candidate) => names(part(candidate), name));
    expect({ name, listedIn }).toEqual({ name, listedIn: [group] });
  });

  it('gives the reason for each type it does not support', () => {
    const text = part('notSupported');
    const unsupported = CHANNEL_TYPES.filter((type) => channelTypeStanding(type).group === 'notSupported');
    expect(unsupported.length).toBeGreaterThan(0);
    for (const type of unsupported) {
      // Listed together with the next type ("A and B (why)") or followed by its own reason.
      const reasoned = new RegExp(`${escape(type.name)}( and [^,(]+)? \\(`).test(text);
      expect({ name: type.name, reasoned }).toEqual({ name: type.name, reasoned: true });
    }
  });
});

describe('the README’s claim of the protocols clients may speak', () => {
  const NAMES: Readonly<Record<WireProtocol, string>> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Gemini' };
  // The opening paragraph, up to the first heading.
  const opening = README.slice(README.indexOf('\n') + 1, README.indexOf('\n## ')).replace(/\s+/g, ' ');

  it.each(WIRE_PROTOCOLS.map((protocol) => [protocol] as const))('names %s exactly when the catalogue serves it', (protocol) => {
    expect({ protocol, claimed: opening.includes(`${NAMES[protocol]}`) }).toEqual({ protocol, claimed: servedProtocols().includes(protocol) });
  });
});
