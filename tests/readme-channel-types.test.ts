import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHANNEL_TYPES, channelTypeSupport } from '@modelgate/channel-types';

// The README's list of channel types the gateway serves and does not serve yet, checked against
// the catalogue: a type that becomes served (or is added) fails this test until the README says so.

const README = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
const section = README.slice(README.indexOf('<!-- channel-types:start'), README.indexOf('<!-- channel-types:end -->'));
const [servedText, notServedText] = section.split('Not supported yet');

/** Whether `name` appears in `text` as a whole name (not inside a longer one), across line breaks. */
function names(text: string, name: string): boolean {
  const flat = text.replace(/\s+/g, ' ');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s,(])${escaped}(?=,|\\.|\\)| and | \\(|$)`).test(flat);
}

describe('the README’s channel types', () => {
  it('has a served part and a not-supported part', () => {
    expect(servedText).toContain('Channel types served');
    expect(notServedText).toBeDefined();
  });

  it.each(CHANNEL_TYPES.map((type) => [type.name, channelTypeSupport(type).served] as const))('%s is listed where it belongs', (name, served) => {
    expect({ name, inServed: names(servedText!, name), inNotServed: names(notServedText!, name) }).toEqual({
      name,
      inServed: served,
      inNotServed: !served,
    });
  });
});
