import i18n from '../../i18n';
import type { EditedChannel } from './channel-editor-api';
import {
  addCustomModels,
  type ChannelFormValues,
  channelValues,
  channelWrite,
  endsWithV1,
  keyLines,
  mappingKeysNotInModels,
  mergeModels,
  newChannelValues,
  stripTrailingSlash,
} from './channel-form';
import { validateChannel } from './channel-form-rules';
import { CHANNEL_TYPES as CATALOGUE } from '@modelgate/channel-types';
import {
  CHANNEL_TYPES,
  channelTypeGroup,
  channelTypeGroupName,
  channelTypeName,
  channelTypeSpec,
  extraFieldsOf,
  unservedReason,
} from './channel-types';

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

const valid = (extra: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...newChannelValues(),
  name: 'main',
  key: 'sk-1',
  models: ['gpt-4o'],
  ...extra,
});

describe('channel form defaults and conversions', () => {
  it('starts as the default channel of spec §9', () => {
    expect(newChannelValues()).toMatchObject({ type: 1, auto_ban: true, groups: ['default'], priority: '0', weight: '0' });
  });

  it('loads a stored channel for editing: lists split, JSON pretty-printed, the key left empty', () => {
    const channel: EditedChannel = {
      id: 4, type: 39, name: 'workers', openai_organization: null, max_input_tokens: 0, base_url: 'https://s.example.com',
      other: 'acc-1', model_mapping: '{"a":"b"}', status_code_mapping: '', models: 'a, b,a', group: 'default,vip',
      auto_ban: 0, test_model: null, priority: -3, weight: 2, tag: null, setting: null, status: 1, external_ref: '',
    };
    expect(channelValues(channel)).toEqual({
      ...newChannelValues(), type: 39, name: 'workers', base_url: 'https://s.example.com', other: 'acc-1',
      model_mapping: '{\n  "a": "b"\n}', models: ['a', 'b'], groups: ['default', 'vip'], auto_ban: false,
      priority: '-3', weight: '2',
    });
  });

  it('loads the upstream connection keys of the extra settings into their own fields', () => {
    const stored = (setting: string | null): EditedChannel => ({
      id: 5, type: 1, name: 'c', openai_organization: null, max_input_tokens: 0, base_url: '', other: '', model_mapping: '',
      status_code_mapping: '', models: 'a', group: 'default', auto_ban: 1, test_model: null, priority: 0, weight: 0, tag: null,
      setting, status: 1, external_ref: '',
    });
    expect(channelValues(stored('{"upstream_connections":2,"upstream_http2":true,"force_format":true}'))).toMatchObject({
      setting: '{\n  "force_format": true\n}', upstream_connections: '2', upstream_http2: true,
    });
    expect(channelValues(stored('{"upstream_http2":true}'))).toMatchObject({ setting: '', upstream_connections: '', upstream_http2: true });
    expect(channelValues(stored('not json'))).toMatchObject({ setting: 'not json', upstream_connections: '', upstream_http2: false });
  });

  it('strips trailing slashes and spots a /v1 address', () => {
    expect(stripTrailingSlash(' https://x.example.com/// ')).toBe('https://x.example.com');
    expect(endsWithV1('https://x.example.com/v1/')).toBe(true);
    expect(endsWithV1('https://x.example.com/v1beta')).toBe(false);
    expect(endsWithV1('')).toBe(false);
  });

  it('makes one channel per key line, except a JSON document key', () => {
    expect(keyLines('sk-1\n\n sk-2 \nsk-1\n', channelTypeSpec(1))).toEqual(['sk-1', 'sk-2']);
    expect(keyLines('{\n "type": "service_account"\n}', channelTypeSpec(41))).toHaveLength(1);
  });

  it('adds custom names unless one already exists, and merges fetched ones without duplicates', () => {
    expect(addCustomModels(['a'], 'b, c，d,, b')).toEqual({ models: ['a', 'b', 'c', 'd'] });
    expect(addCustomModels(['a', 'b'], 'c,b')).toEqual({ exists: ['b'] });
    expect(mergeModels(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('names the mapped models the channel does not list', () => {
    expect(mappingKeysNotInModels('{"gpt-4":"x","o1":"y"}', ['gpt-4'])).toEqual(['o1']);
    expect(mappingKeysNotInModels('not json', [])).toEqual([]);
  });
});

describe('channel form rules (spec §5 "Channels")', () => {
  it('needs a name, and a key on create only', () => {
    expect(validateChannel(valid({ name: ' ' }), true).name).toBe('请填写渠道名称和渠道密钥！');
    expect(validateChannel(valid({ key: '\n' }), true).key).toBe('请填写渠道名称和渠道密钥！');
    expect(validateChannel(valid({ key: '' }), false)).toEqual({});
    expect(validateChannel(valid({ key: 'a\nb' }), false).key).toBe('编辑渠道时只能填写一个密钥');
    expect(validateChannel(valid(), true)).toEqual({});
  });

  it('needs at least one model', () => {
    expect(validateChannel(valid({ models: [] }), true).models).toBe('请至少选择一个模型！');
  });

  it('checks the JSON fields', () => {
    expect(validateChannel(valid({ model_mapping: '{bad' }), true).model_mapping).toBe('模型映射必须是合法的 JSON 格式！');
    expect(validateChannel(valid({ model_mapping: '{"a":1}' }), true).model_mapping).toBe('模型映射必须是合法的 JSON 格式！');
    expect(validateChannel(valid({ model_mapping: '["a"]' }), true).model_mapping).toBe('模型映射必须是合法的 JSON 格式！');
    expect(validateChannel(valid({ status_code_mapping: 'x' }), true).status_code_mapping).toBe('状态码映射必须是合法的 JSON 格式！');
    expect(validateChannel(valid({ status_code_mapping: '{"500":"200"}' }), true).status_code_mapping).toBe(
      '状态码映射只能把 300-599 的状态码映射为 400-599 的状态码',
    );
    expect(validateChannel(valid({ setting: '[]' }), true).setting).toBe('渠道额外设置必须是合法的 JSON 格式！');
    for (const upstream_connections of ['-1', '1.5', '100001', 'many']) {
      expect(validateChannel(valid({ upstream_connections }), true).upstream_connections).toBe('上游连接数必须是 0 到 100000 之间的整数');
    }
    expect(validateChannel(valid({ upstream_connections: '100000' }), true)).toEqual({});
    expect(validateChannel(valid({ param_override: '1' }), true).param_override).toBe('参数覆盖必须是合法的 JSON 格式！');
    expect(validateChannel(valid({ model_mapping: '{"a":"b"}', status_code_mapping: '{"400":"500"}', setting: '{}' }), true)).toEqual({});
  });

  it('checks priority (integer from -999), weight (integer) and max input tokens (non-negative integer)', () => {
    for (const priority of ['-1000', '1.5', 'high', '1000001', '99999999999']) {
      expect(validateChannel(valid({ priority }), true).priority).toBe('优先级必须是 -999 到 1000000 之间的整数');
    }
    expect(validateChannel(valid({ priority: '-999', weight: '', max_input_tokens: '' }), true)).toEqual({});
    expect(validateChannel(valid({ weight: '2.5' }), true).weight).toBe('权重必须是 0 到 1000000 之间的整数');
    expect(validateChannel(valid({ weight: '1000001' }), true).weight).toBe('权重必须是 0 到 1000000 之间的整数');
    expect(validateChannel(valid({ max_input_tokens: '-1' }), true).max_input_tokens).toBe('最大输入 token 数必须是 0 到 2147483647 之间的整数');
    expect(validateChannel(valid({ max_input_tokens: '99999999999999999999' }), true).max_input_tokens).toBe('最大输入 token 数必须是 0 到 2147483647 之间的整数');
    expect(validateChannel(valid({ max_rpm: '1.5', max_tpm: '-2', max_concurrency: '3000000000' }), true)).toEqual({
      max_rpm: '上限必须是非负整数',
      max_tpm: '上限必须是非负整数',
      max_concurrency: '上限必须是非负整数',
    });
  });

  it('checks the key format of types with several parts, and the service-account JSON', () => {
    expect(validateChannel(valid({ type: 15, key: 'only-one' }), true).key).toBe('该渠道类型的密钥格式应为 APIKey|SecretKey');
    expect(validateChannel(valid({ type: 15, key: 'a|b\nc|' }), true).key).toBe('该渠道类型的密钥格式应为 APIKey|SecretKey');
    expect(validateChannel(valid({ type: 18, key: 'spark-api-password' }), true)).toEqual({});
    expect(validateChannel(valid({ type: 33, key: 'ak|sk' }), true).key).toBe('该渠道类型的密钥格式应为 Ak|Sk|Region');
    expect(validateChannel(valid({ type: 41, key: 'nope', other: 'us-central1' }), true).key).toBe('密钥必须是服务账号的 JSON 对象');
  });

  it('requires the address of the types that need one and a valid URL', () => {
    for (const type of [2, 3, 5, 8, 36, 47]) {
      expect(validateChannel(valid({ type, other: 'x' }), true).base_url).toBe('此渠道类型必须填写地址');
    }
    expect(validateChannel(valid({ type: 1 }), true).base_url).toBeUndefined();
    expect(validateChannel(valid({ base_url: 'ftp://x' }), true).base_url).toBe('API 地址必须是以 http:// 或 https:// 开头的网址');
  });

  it('requires the other field where the type needs it; Vertex regions as JSON need a default', () => {
    for (const type of [3, 21, 39, 41]) {
      expect(validateChannel(valid({ type, key: '{}', base_url: 'https://a.example.com' }), true).other).toBe('此渠道类型必须填写此项');
    }
    expect(validateChannel(valid({ type: 18, key: 'spark-api-password' }), true).other).toBeUndefined();
    expect(validateChannel(valid({ type: 41, key: '{}', other: '{"x":"y"}' }), true).other).toBe('部署地区的 JSON 必须包含 default 地区');
    expect(validateChannel(valid({ type: 41, key: '{}', other: '{"default":"us-east1"}' }), true)).toEqual({});
  });
});

describe('the body sent', () => {
  it('joins lists, strips the address, sends numbers and drops what the type does not use', () => {
    const values = valid({
      type: 1, base_url: 'https://up.example.com/', key: 'sk-1\nsk-2\n', models: ['a', 'b'], groups: ['default', 'vip'],
      openai_organization: 'org-1', other: 'stale', priority: '5', weight: '-3', max_input_tokens: '',
    });
    expect(channelWrite(values, true)).toEqual({
      type: 1, name: 'main', key: 'sk-1\nsk-2', base_url: 'https://up.example.com', other: '', openai_organization: 'org-1',
      models: 'a,b', group: 'default,vip', model_mapping: '', status_code_mapping: '', setting: '', param_override: '',
      auto_ban: 1, test_model: '', tag: '', priority: 5, weight: 0, max_rpm: 0, max_tpm: 0, max_concurrency: 0,
    });
    // The traffic caps as typed; a cleared one is sent as 0 (no cap).
    expect(channelWrite(valid({ max_rpm: ' 600 ', max_tpm: '', max_concurrency: '4' }), false)).toMatchObject({
      max_rpm: 600, max_tpm: 0, max_concurrency: 4,
    });
  });

  it('puts the upstream connection fields into the extra settings, over the same keys typed there', () => {
    expect(channelWrite(valid({ setting: '{\n  "force_format": true\n}' }), false).setting).toBe('{\n  "force_format": true\n}');
    expect(channelWrite(valid({ setting: '{"force_format":true}', upstream_connections: ' 8 ', upstream_http2: true }), false).setting).toBe(
      '{"force_format":true,"upstream_connections":8,"upstream_http2":true}',
    );
    expect(channelWrite(valid({ setting: '{"upstream_connections":3,"upstream_http2":true}', upstream_connections: '', upstream_http2: false }), false).setting).toBe('');
    expect(channelWrite(valid({ upstream_connections: '0', upstream_http2: true }), false).setting).toBe('{"upstream_http2":true}');
  });

  it('leaves out an empty key on edit, and the other field of a type that has none', () => {
    const body = channelWrite(valid({ type: 18, key: '', other: 'v3.5', openai_organization: 'org-x', auto_ban: false }), false);
    expect(body).not.toHaveProperty('key');
    expect(body).toMatchObject({ other: '', openai_organization: '', auto_ban: 0 });
  });
});

describe('channel types', () => {
  it('lists every type of spec §3 once, with a name in both languages', () => {
    const ids = CHANNEL_TYPES.map((spec) => spec.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
    ]);
    expect(channelTypeName(15)).toBe('百度文心千帆');
    expect(channelTypeName(999)).toBe('#999');
  });

  it('declares the extra fields of spec §9 per type', () => {
    const extras = (id: number) => extraFieldsOf(channelTypeSpec(id)).map((field) => `${field.field}:${field.label}`);
    expect(extras(3)).toEqual(['base_url:azureEndpoint', 'other:azureApiVersion']);
    expect(extras(8)).toEqual(['base_url:customFullUrl']);
    expect(extras(18)).toEqual(['base_url:apiAddress']);
    expect(extras(39)).toEqual(['base_url:apiAddress', 'other:cloudflareAccount']);
    expect(extras(21)).toEqual(['base_url:apiAddress', 'other:knowledgeBaseId']);
    expect(extras(41)).toEqual(['base_url:apiAddress', 'other:vertexRegion']);
    expect(extras(45)).toEqual([]);
  });

  it('takes every type from the catalogue, in its order, adding only the notices', () => {
    expect(CHANNEL_TYPES.map((spec) => spec.id)).toEqual(CATALOGUE.map((entry) => entry.id));
    expect(channelTypeSpec(33).key).toEqual({ format: 'Ak|Sk|Region', parts: 3 });
    expect(channelTypeSpec(41).key?.document).toBe(true);
    expect(JSON.parse(channelTypeSpec(41).otherField?.template ?? '')).toMatchObject({ default: 'us-central1' });
    expect(channelTypeSpec(26).key?.hint).toBe('zhipuApiKey');
    expect(CHANNEL_TYPES.filter((spec) => spec.organization).map((spec) => spec.id)).toEqual([1]);
    expect(CHANNEL_TYPES.filter((spec) => spec.notice).map((spec) => [spec.id, spec.notice])).toEqual([
      [36, 'suno'], [41, 'vertex'], [3, 'azure'], [37, 'dify'], [40, 'siliconCloud'], [8, 'custom'],
    ]);
  });

  it('places every type in the catalogue’s group: served, being added or not supported', () => {
    const idsIn = (group: string) => CHANNEL_TYPES.filter((spec) => spec.group === group).map((spec) => spec.id).sort((a, b) => a - b);
    expect(idsIn('notSupported')).toEqual([11, 15, 16, 21, 37, 44]);
    expect(idsIn('served')).toEqual(expect.arrayContaining([1, 2, 3, 5, 8, 14, 17, 18, 23, 26, 33, 34, 36, 39, 43]));
    expect([17, 18, 23, 26, 34, 39].map(unservedReason)).toEqual([null, null, null, null, null, null]);
    expect(channelTypeSpec(11).unserved).toMatchObject({ reason: 'palmRetired', description: expect.stringContaining('PaLM') });
    // A type the catalogue does not know stays editable as stored.
    expect([channelTypeGroup(999), unservedReason(999)]).toEqual(['served', null]);
    expect(channelTypeSpec(999)).toMatchObject({ id: 999, group: 'served', unserved: null, baseUrlField: { label: 'apiAddress' } });
  });

  it('says why a type is not served, and names its group, in both languages', async () => {
    const unserved = CHANNEL_TYPES.filter((spec) => spec.unserved !== null);
    expect(unserved.length).toBeGreaterThan(0);
    try {
      for (const language of ['zh', 'en']) {
        await i18n.changeLanguage(language);
        for (const spec of unserved) {
          expect({ id: spec.id, language, translated: i18n.exists(`channel:types.reasons.${spec.unserved!.reason}`) }).toEqual({
            id: spec.id, language, translated: true,
          });
        }
      }
      await i18n.changeLanguage('en');
      expect(unservedReason(11)).toBe('Google retired the PaLM API on 15 August 2024; use Google Gemini, which serves its successors.');
      expect([2, 5, 36].map(unservedReason)).toEqual([null, null, null]);
      expect(['served', 'coming', 'notSupported'].map((group) => channelTypeGroupName(group as 'served'))).toEqual([
        'Served', 'Being added', 'Not supported',
      ]);
      await i18n.changeLanguage('zh');
      expect(unservedReason(11)).toBe('Google 已于 2024 年 8 月 15 日停用 PaLM API；请改用 Google Gemini。');
      expect(channelTypeGroupName('coming')).toBe('即将支持');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
