import { CHANNEL_FIELD_NAMES, CHANNEL_FIELDS } from '@modelgate/channel-types';
import { channelBody, channelFieldsInput, channelJson, updateChannelBody } from './channel';

describe('the channel schemas derived from the one field list', () => {
  it('declare exactly the listed fields, the answer adding what the gateway keeps', () => {
    expect(Object.keys(channelBody.shape)).toEqual(CHANNEL_FIELD_NAMES);
    expect(Object.keys(channelFieldsInput.shape)).toEqual(CHANNEL_FIELD_NAMES);
    expect(Object.keys(updateChannelBody.shape)).toEqual([...CHANNEL_FIELD_NAMES, 'id']);
    expect(CHANNEL_FIELD_NAMES.every((name) => name in channelJson.shape)).toBe(true);
  });

  it('answer with the key only when a read carries it, every other field always', () => {
    const fields = CHANNEL_FIELD_NAMES.map((name) => [name, ['int', 'number'].includes(CHANNEL_FIELDS[name].kind) ? 0 : '']);
    const stats = { id: 1, created_time: 0, test_time: 0, response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0 };
    const read = { ...Object.fromEntries(fields), ...stats, other_info: '', external_ref: '', circuit: null };
    const { key: _key, ...withoutKey } = read;
    expect(channelJson.safeParse(read).success).toBe(true);
    expect(channelJson.safeParse(withoutKey).success).toBe(true);
    const { name: _name, ...withoutName } = read;
    expect(channelJson.safeParse(withoutName).success).toBe(false);
  });

  it('hold the wire to its types and sizes, leaving the product rules to the channels library', () => {
    expect(channelBody.safeParse({ max_tpm: 1.5 }).success).toBe(false);
    expect(channelFieldsInput.safeParse({ max_tpm: 1.5 }).success).toBe(true);
    expect(channelBody.safeParse({ type: 2 ** 31 }).success).toBe(false);
    expect(channelBody.safeParse({ name: 'n'.repeat(65_537) }).success).toBe(false);
    expect(channelFieldsInput.safeParse({ name: 'n'.repeat(65_537) }).success).toBe(true);
    expect(channelBody.safeParse({ key: 'k'.repeat(1_000_001) }).success).toBe(false);
    expect(channelBody.safeParse({ models: Array.from({ length: 10_001 }, () => 'm') }).success).toBe(false);
  });

  it('accept a list or a comma string for models and groups, null for any field, and drop unknown fields', () => {
    const parsed = channelBody.parse({ models: ['a', 'b'], group: 'default,vip', tag: null, used_quota: 5 });
    expect(parsed).toEqual({ models: ['a', 'b'], group: 'default,vip', tag: null });
    expect(channelBody.safeParse({ models: 5 }).success).toBe(false);
    expect(channelBody.safeParse({ name: 5 }).success).toBe(false);
  });
});
