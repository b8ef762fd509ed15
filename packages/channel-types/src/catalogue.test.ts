import { bedrockModelId } from './bedrock-models';
import { CHANNEL_TYPES } from './catalogue';
import { CHANNEL_TYPE_GROUPS, type ChannelTypeGroup } from './channel-type';
import {
  channelTypeByProvider,
  channelTypeStanding,
  channelTypeSupport,
  defaultModelsByType,
  findChannelType,
  isServedChannelType,
  servedChannelTypeNames,
  servedProtocols,
} from './lookup';
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

  it('says for every schema whether it is served, and a type is served exactly when its schema is', () => {
    expect(Object.keys(SCHEMA_SUPPORT).sort()).toEqual([...WIRE_SCHEMAS].sort());
    for (const type of CHANNEL_TYPES) {
      expect({ id: type.id, served: channelTypeSupport(type).served }).toEqual({ id: type.id, served: SCHEMA_SUPPORT[type.schema].served });
    }
    expect([1, 14, 17, 33, 39, 11, 16].map(isServedChannelType)).toEqual([true, true, true, true, true, false, false]);
  });

  it("gives every served type an address: a default, a required base URL, or the key's region (Bedrock) or the channel's (Vertex AI)", () => {
    for (const type of CHANNEL_TYPES.filter((entry) => channelTypeSupport(entry).served)) {
      const regional = type.auth === 'aws-sigv4' || type.auth === 'gcp-service-account';
      const reachable = type.defaultBaseUrl !== null || type.baseUrlField?.required === true || regional;
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
    expect(findChannelType(18)?.otherField).toBeUndefined();
    expect(findChannelType(39)?.otherField).toMatchObject({ label: 'cloudflareAccount', required: true });
    const required = CHANNEL_TYPES.filter((type) => type.baseUrlField?.required).map((type) => type.id);
    expect(required.sort((a, b) => a - b)).toEqual([2, 3, 5, 8, 36, 47]);
    expect(findChannelType(45)?.baseUrlField).toBeNull();
  });
});

describe('the three groups of channel types', () => {
  const groupOf = (id: number): ChannelTypeGroup => channelTypeStanding(findChannelType(id)!).group;
  const idsIn = (group: ChannelTypeGroup) =>
    CHANNEL_TYPES.filter((type) => channelTypeStanding(type).group === group)
      .map((type) => type.id)
      .sort((a, b) => a - b);

  it('puts every type of spec §3 in exactly one group', () => {
    const grouped = CHANNEL_TYPE_GROUPS.flatMap(idsIn);
    expect(grouped.sort((a, b) => a - b)).toEqual(SPEC_TYPES);
    expect(idsIn('notSupported')).toEqual([11, 15, 16, 21, 37, 44]);
    // Vertex AI is being added (after Gemini, served) until its schema is served.
    expect(idsIn('coming')).toEqual(SCHEMA_SUPPORT['vertex-ai'].served ? [] : [41]);
    expect(groupOf(24)).toBe('served');
  });

  it('serves the vendors whose current API is OpenAI-compatible through the openai schema', () => {
    for (const id of [17, 18, 23, 26, 34, 39]) {
      expect({ id, schema: findChannelType(id)!.schema, group: groupOf(id) }).toEqual({ id, schema: 'openai', group: 'served' });
    }
  });

  it('gives every unserved type its own reason, which is also what refusals quote', () => {
    for (const type of CHANNEL_TYPES) {
      const standing = channelTypeStanding(type);
      if (standing.group === 'served') continue;
      expect({ id: type.id, noted: type.unserved !== undefined }).toEqual({ id: type.id, noted: true });
      expect(standing.reason).not.toBe('notTranslated');
      expect(standing.description.length).toBeGreaterThan(20);
      expect(channelTypeSupport(type)).toEqual({ served: false, reason: standing.description });
    }
    expect(channelTypeStanding(findChannelType(11)!)).toMatchObject({ group: 'notSupported', reason: 'palmRetired' });
    expect(channelTypeStanding(findChannelType(2)!)).toEqual({ group: 'served', protocol: 'midjourney' });
    expect(channelTypeStanding(findChannelType(36)!)).toEqual({ group: 'served', protocol: 'suno' });
    expect(channelTypeStanding(findChannelType(1)!)).toEqual({ group: 'served', protocol: 'openai' });
  });

  it('falls back to the schema’s reason for a type without a note of its own', () => {
    const bare = { schema: 'dify' as const };
    expect(SCHEMA_SUPPORT.dify.served).toBe(false);
    expect(channelTypeStanding(bare)).toMatchObject({ group: 'notSupported', reason: 'notTranslated' });
    expect(channelTypeSupport(bare)).toBe(SCHEMA_SUPPORT.dify);
  });
});

describe('the OpenAI-compatible modes of vendors with an API of their own', () => {
  it.each([
    [17, 'https://dashscope.aliyuncs.com', '/compatible-mode/v1', undefined],
    [18, 'https://spark-api-open.xf-yun.com', undefined, 'sparkApiPassword'],
    [23, 'https://api.hunyuan.cloud.tencent.com', undefined, 'hunyuanApiKey'],
    [26, 'https://open.bigmodel.cn', '/api/paas/v4', 'zhipuApiKey'],
    [34, 'https://api.cohere.ai', '/compatibility/v1', undefined],
    [39, 'https://api.cloudflare.com', '/client/v4/accounts/{other}/ai/v1', 'cloudflareApiToken'],
  ])('type %i at %s (prefix %s): a bearer key, the credential its compatible API takes (%s)', (id, base, prefix, hint) => {
    const type = findChannelType(id)!;
    expect([type.defaultBaseUrl, type.quirks?.pathPrefix, type.auth, type.key?.hint]).toEqual([base, prefix, 'bearer', hint]);
    // A single key: nothing is split or signed any more.
    expect(type.key?.parts).toBeUndefined();
    if (hint) expect(type.key?.description).toMatch(/Bearer token/);
    // Their listings are not OpenAI's shape (or not under the prefix): fetching models says so.
    expect(type.rules.modelsPath).toBeNull();
  });

  it('keeps each vendor to the endpoints its compatible API offers', () => {
    expect(findChannelType(18)?.quirks?.endpoints).toEqual(['chat/completions']);
    expect(findChannelType(34)?.quirks).toMatchObject({ endpoints: ['chat/completions', 'embeddings', 'rerank'], paths: { rerank: '/v1/rerank' } });
    expect(findChannelType(39)?.quirks?.endpoints).toEqual(['chat/completions', 'embeddings']);
    expect(findChannelType(17)?.quirks?.streamOptions).toBe(true);
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

describe('what the gateway may claim to serve', () => {
  it('claims a message format only when a served channel type speaks it', () => {
    expect(servedProtocols()).toEqual(['openai', 'anthropic', 'gemini']);
    for (const protocol of servedProtocols()) {
      expect(CHANNEL_TYPES.some((entry) => isServedChannelType(entry.id) && SCHEMA_SUPPORT[entry.schema].served && (SCHEMA_SUPPORT[entry.schema] as { protocol: string }).protocol === protocol)).toBe(true);
    }
  });

  it('names only served channel types', () => {
    const names = servedChannelTypeNames();
    expect(names).toContain('OpenAI');
    expect(names).toContain('Midjourney Proxy');
    expect(names).not.toContain('Google PaLM2');
    expect(names).toHaveLength(CHANNEL_TYPES.filter((entry) => isServedChannelType(entry.id)).length);
  });
});
