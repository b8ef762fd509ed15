import { bedrockModelId } from './bedrock-models';
import { CHANNEL_TYPES } from './catalogue';
import { channelTypeByProvider, channelTypeSupport, defaultModelsByType, findChannelType, isServedChannelType } from './lookup';
import { SCHEMA_SUPPORT, WIRE_SCHEMAS } from './schemas';

/** The channel type ids of spec §3. */
const SPEC_TYPES = [1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47];

describe('the channel-type catalogue', () => {
  it('lists every type of spec §3 once, each with a distinct lower-case provider name', () => {
    expect(CHANNEL_TYPES.map((type) => type.id).sort((a, b) => a - b)).toEqual(SPEC_TYPES);
    const providers = CHANNEL_TYPES.map((type) => type.provider);
    expect(new Set(providers).size).toBe(providers.length);
    for (const name of providers) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(channelTypeByProvider('azure')?.id).toBe(3);
    expect(channelTypeByProvider('aws-claude')?.id).toBe(33);
    expect(channelTypeByProvider('nope')).toBeUndefined();
    expect(findChannelType(999)).toBeUndefined();
  });

  it('says for every schema whether it is served, and why not when it is not', () => {
    expect(Object.keys(SCHEMA_SUPPORT).sort()).toEqual([...WIRE_SCHEMAS].sort());
    const served = CHANNEL_TYPES.filter((type) => channelTypeSupport(type).served).map((type) => type.schema);
    expect(new Set(served)).toEqual(new Set(['openai', 'azure-openai', 'anthropic', 'aws-bedrock']));
    for (const type of CHANNEL_TYPES) {
      const support = channelTypeSupport(type);
      if (!support.served) expect(support.reason.length).toBeGreaterThan(10);
    }
    expect([isServedChannelType(1), isServedChannelType(14), isServedChannelType(33), isServedChannelType(24)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('gives every served type an address: a default, a required base URL, or the key region (Bedrock)', () => {
    for (const type of CHANNEL_TYPES.filter((entry) => channelTypeSupport(entry).served)) {
      const reachable = type.defaultBaseUrl !== null || type.baseUrlField?.required === true || type.auth === 'aws-sigv4';
      expect({ id: type.id, reachable }).toEqual({ id: type.id, reachable: true });
      if (type.schema === 'openai' || type.schema === 'azure-openai') expect(type.quirks).toBeDefined();
    }
  });

  it('carries the default models, key formats and extra fields of spec §9', () => {
    const models = defaultModelsByType();
    expect(models[36]).toEqual(['suno_music', 'suno_lyrics']);
    expect(models[2]).toContain('mj_imagine');
    expect(models[5]).toContain('swap_face');
    expect(models[2]).not.toContain('swap_face');
    expect(findChannelType(22)?.key?.format).toBe('APIKey-AppId');
    expect(findChannelType(33)?.key).toEqual({ format: 'Ak|Sk|Region', parts: 3 });
    expect(findChannelType(41)?.key?.document).toBe(true);
    expect(findChannelType(18)?.otherField?.emptyMeans).toBe('v2.1');
    const required = CHANNEL_TYPES.filter((type) => type.baseUrlField?.required).map((type) => type.id);
    expect(required.sort((a, b) => a - b)).toEqual([2, 3, 5, 8, 36, 47]);
    expect(findChannelType(45)?.baseUrlField).toBeNull();
  });
});

describe('Bedrock model ids', () => {
  it('maps Claude names to Bedrock ids, through the region’s inference profile where Bedrock requires one', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'us-east-1')).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('claude-3-7-sonnet-20250219', 'us-west-2')).toBe('us.anthropic.claude-3-7-sonnet-20250219-v1:0');
    expect(bedrockModelId('claude-sonnet-4-20250514', 'eu-central-1')).toBe('eu.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(bedrockModelId('claude-sonnet-4-20250514', 'ap-northeast-1')).toBe('apac.anthropic.claude-sonnet-4-20250514-v1:0');
  });

  it('sends other names as they are', () => {
    expect(bedrockModelId('us.anthropic.claude-opus-4-20250514-v1:0', 'us-east-1')).toBe('us.anthropic.claude-opus-4-20250514-v1:0');
    expect(bedrockModelId('my-model', 'us-east-1')).toBe('my-model');
  });
});
