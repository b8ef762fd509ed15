import { ValidationError } from '@modelgate/runtime';
import { channelTypeSupport, findChannelType } from '@modelgate/channel-types';
import { ChannelMessage } from '../channel-messages';
import { checkKeyFormat, desiredChannelConfig, editedChannelConfig, newChannelConfigs, splitKeys } from './channel-config';
import { type ChannelConfig, normaliseChannelFields } from './channel-fields';
import { splitNameList } from './name-list';
import { normaliseTagEdit } from './tag-edit';

const minimal = { name: 'c', key: 'sk-1', models: 'gpt-4o' };

/** The message `run` is refused with (fails when it is not refused with a ValidationError). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('new channels', () => {
  it('take the default channel of spec §9 for what is left out', () => {
    expect(newChannelConfigs(minimal)).toEqual([
      expect.objectContaining({
        type: 1,
        name: 'c',
        key: 'sk-1',
        models: 'gpt-4o',
        group: 'default',
        auto_ban: 1,
        priority: 0,
        weight: 0,
        status: 1,
        base_url: '',
        tag: null,
      }),
    ]);
  });

  it('need a name and a key', () => {
    for (const fields of [{ models: 'm' }, { name: 'c', models: 'm' }, { key: 'k', models: 'm' }, { name: '  ', key: 'k', models: 'm' }]) {
      expect(refusal(() => newChannelConfigs(fields))).toBe(ChannelMessage.nameAndKeyRequired);
    }
    expect(ChannelMessage.nameAndKeyRequired).toBe('请填写渠道名称和渠道密钥！');
  });

  it('need at least one model', () => {
    for (const models of [undefined, '', ' , ,', []]) {
      expect(refusal(() => newChannelConfigs({ name: 'c', key: 'k', models }))).toBe('请至少选择一个模型！');
    }
  });

  it('make one channel per line of a multi-line key, blank and repeated lines dropped', () => {
    const configs = newChannelConfigs({ ...minimal, key: 'sk-a\n\n sk-b \r\nsk-c\nsk-a\n' });
    expect(configs.map((config) => config.key)).toEqual(['sk-a', 'sk-b', 'sk-c']);
    expect(new Set(configs.map((config) => config.name))).toEqual(new Set(['c']));
  });

  it('keep a service-account JSON (type 41) as one key', () => {
    const vertex = findChannelType(41)!;
    const key = '{\n  "type": "service_account",\n  "project_id": "p"\n}';
    expect(splitKeys(vertex, key)).toEqual([key]);
    expect(() => checkKeyFormat(vertex, key)).not.toThrow();
    expect(refusal(() => checkKeyFormat(vertex, 'not json'))).toBe(ChannelMessage.serviceAccountInvalid);
  });

  it('check the multi-part key formats of spec §9', () => {
    const format = (id: number, key: string) => refusal(() => checkKeyFormat(findChannelType(id)!, key));
    expect(() => checkKeyFormat(findChannelType(15)!, 'api|secret')).not.toThrow();
    expect(format(15, 'api-only')).toBe('该渠道类型的密钥格式应为 APIKey|SecretKey');
    // Spark and Hunyuan take the single key of their OpenAI-compatible APIs.
    expect(() => checkKeyFormat(findChannelType(18)!, 'api-password')).not.toThrow();
    expect(() => checkKeyFormat(findChannelType(23)!, 'sk-hunyuan')).not.toThrow();
    expect(newChannelConfigs({ ...minimal, type: 33, key: 'ak|sk|us-east-1' })).toHaveLength(1);
    expect(refusal(() => newChannelConfigs({ ...minimal, type: 33, key: 'ak|sk' }))).toBe('该渠道类型的密钥格式应为 Ak|Sk|Region');
    // A batch is checked line by line.
    expect(refusal(() => newChannelConfigs({ ...minimal, type: 33, key: 'a|b|c\nbroken' }))).toMatch(/Ak\|Sk\|Region/);
  });

  it('refuse a type the gateway cannot serve yet, naming it and why', () => {
    const palm = channelTypeSupport(findChannelType(11)!);
    expect(refusal(() => newChannelConfigs({ ...minimal, type: 11 }))).toBe(`渠道类型 Google PaLM2（11）暂不支持：${palm.served ? '' : palm.reason}`);
    for (const type of [15, 16]) {
      expect(refusal(() => newChannelConfigs({ ...minimal, type, key: 'a|b|c' }))).toMatch(/^渠道类型 .+（\d+）暂不支持：/);
      expect(refusal(() => desiredChannelConfig({ ...minimal, type }))).toMatch(/暂不支持/);
    }
    for (const type of [1, 2, 3, 5, 8, 14, 33, 36, 43]) {
      const key = type === 33 ? 'a|b|c' : 'k';
      expect(newChannelConfigs({ ...minimal, type, key, base_url: 'https://x.example' })[0]!.type).toBe(type);
    }
    const serviceAccount = JSON.stringify({ type: 'service_account', project_id: 'p' });
    expect(newChannelConfigs({ ...minimal, type: 41, key: serviceAccount, other: 'us-central1' })[0]!.type).toBe(41);
  });

  it('refuse an unknown type and the auto-disabled status', () => {
    expect(refusal(() => newChannelConfigs({ ...minimal, type: 999 }))).toBe('未知的渠道类型：999');
    expect(refusal(() => newChannelConfigs({ ...minimal, type: 1.5 }))).toBe('未知的渠道类型：1.5');
    expect(refusal(() => newChannelConfigs({ ...minimal, status: 3 }))).toBe(ChannelMessage.statusInvalid);
  });

  it('refuse more keys than one create may add', () => {
    const key = Array.from({ length: 1001 }, (_, i) => `sk-${i}`).join('\n');
    expect(refusal(() => newChannelConfigs({ ...minimal, key }))).toBe(ChannelMessage.tooManyKeys(1000));
  });
});

describe('field normalisation', () => {
  it('strips trailing slashes from the base URL and refuses a non-http one', () => {
    expect(normaliseChannelFields({ base_url: ' https://api.example.com/v1// ' }).base_url).toBe('https://api.example.com/v1');
    expect(refusal(() => normaliseChannelFields({ base_url: 'ftp://x' }))).toBe(ChannelMessage.baseUrlInvalid);
    expect(refusal(() => normaliseChannelFields({ base_url: 'not a url' }))).toBe(ChannelMessage.baseUrlInvalid);
  });

  it('trims and de-duplicates models and groups, from a string or a list', () => {
    expect(normaliseChannelFields({ models: ' a, b ,a,,c ', group: ['vip, default', 'vip'] })).toEqual({
      models: 'a,b,c',
      group: 'vip,default',
    });
    expect(splitNameList(' x ,y,x')).toEqual(['x', 'y']);
  });

  it('caps model and group names at their column sizes', () => {
    expect(refusal(() => normaliseChannelFields({ models: 'm'.repeat(256) }))).toBe('模型名称不能超过 255 个字符');
    expect(refusal(() => normaliseChannelFields({ group: 'g'.repeat(65) }))).toBe('分组名称不能超过 64 个字符');
    expect(refusal(() => normaliseChannelFields({ name: 'n'.repeat(256) }))).toBe('name 不能超过 255 个字符');
  });

  it('sets a negative weight to 0 and refuses a fractional one', () => {
    expect(normaliseChannelFields({ weight: -5 }).weight).toBe(0);
    expect(normaliseChannelFields({ weight: 7 }).weight).toBe(7);
    expect(refusal(() => normaliseChannelFields({ weight: 1.5 }))).toBe('权重必须是不大于 1000000 的非负整数');
    expect(normaliseChannelFields({ weight: 1_000_000 }).weight).toBe(1_000_000);
    expect(refusal(() => normaliseChannelFields({ weight: 1_000_001 }))).toBe('权重必须是不大于 1000000 的非负整数');
  });

  it('accepts integer priorities from -999 to a million only', () => {
    expect(normaliseChannelFields({ priority: -999 }).priority).toBe(-999);
    expect(normaliseChannelFields({ priority: 0 }).priority).toBe(0);
    expect(normaliseChannelFields({ priority: 1_000_000 }).priority).toBe(1_000_000);
    for (const priority of [-1000, 2.5, 1_000_001, 99_999_999_999, Number.MAX_VALUE]) {
      expect(refusal(() => normaliseChannelFields({ priority }))).toBe('优先级必须是 -999 到 1000000 之间的整数');
    }
  });

  it('requires JSON objects in model_mapping, status_code_mapping, setting and param_override', () => {
    expect(normaliseChannelFields({ model_mapping: '{"a":"b"}' }).model_mapping).toBe('{"a":"b"}');
    for (const model_mapping of ['{bad', '[]', '"x"', '{"a":1}']) {
      expect(refusal(() => normaliseChannelFields({ model_mapping }))).toBe('模型映射必须是合法的 JSON 格式！');
    }
    expect(refusal(() => normaliseChannelFields({ status_code_mapping: 'nope' }))).toBe('状态码映射必须是合法的 JSON 格式！');
    expect(refusal(() => normaliseChannelFields({ status_code_mapping: '{"429":"200"}' }))).toMatch(/^状态码映射必须是合法的 JSON 格式！/);
    expect(normaliseChannelFields({ status_code_mapping: '{"429":"500"}' }).status_code_mapping).toBe('{"429":"500"}');
    expect(refusal(() => normaliseChannelFields({ setting: '[1]' }))).toBe('渠道额外设置必须是合法的 JSON 格式！');
    expect(refusal(() => normaliseChannelFields({ param_override: '1' }))).toBe('参数覆盖必须是合法的 JSON 格式！');
  });

  it('checks the connection keys of the extra settings, keeping every other key as written', () => {
    const setting = '{"upstream_connections":2,"upstream_http2":true,"force_format":"anything"}';
    expect(normaliseChannelFields({ setting }).setting).toBe(setting);
    expect(normaliseChannelFields({ setting: '{"upstream_connections":100000}' }).setting).toBe('{"upstream_connections":100000}');
    for (const value of ['-1', '1.5', '100001', '"8"', 'null']) {
      expect(refusal(() => normaliseChannelFields({ setting: `{"upstream_connections":${value}}` }))).toBe(
        ChannelMessage.upstreamConnectionsInvalid,
      );
    }
    expect(ChannelMessage.upstreamConnectionsInvalid).toContain('0 to 100000');
    for (const value of ['"true"', '1', 'null']) {
      expect(refusal(() => normaliseChannelFields({ setting: `{"upstream_http2":${value}}` }))).toBe(ChannelMessage.upstreamHttp2Invalid);
    }
  });

  it('leaves out absent, null and empty fields', () => {
    expect(
      normaliseChannelFields({ name: '', key: null, models: '', group: '', base_url: '  ', model_mapping: '', priority: null }),
    ).toEqual({});
  });

  it('turns a wrong type into a readable refusal, never a crash', () => {
    expect(refusal(() => normaliseChannelFields({ name: 5 }))).toBe('输入不合法：name 的类型错误');
    expect(refusal(() => normaliseChannelFields({ priority: 'high' }))).toBe('输入不合法：priority 的类型错误');
    expect(refusal(() => normaliseChannelFields('text'))).toBe('输入不合法：请求体 的类型错误');
    expect(refusal(() => normaliseChannelFields({ status: 7 }))).toBe(ChannelMessage.statusInvalid);
    expect(refusal(() => normaliseChannelFields({ auto_ban: 2 }))).toBe(ChannelMessage.autoBanInvalid);
  });
});

describe('edits', () => {
  const stored: ChannelConfig = { ...newChannelConfigs({ ...minimal, model_mapping: '{"a":"b"}', tag: 't' })[0]! };

  it('change only what is named; an empty key keeps the stored one', () => {
    const next = editedChannelConfig(stored, normaliseChannelFields({ name: 'renamed', key: '', models: '', priority: 3 }));
    expect(next).toEqual({ ...stored, name: 'renamed', priority: 3 });
  });

  it('replace the key with a non-empty single key only', () => {
    expect(editedChannelConfig(stored, normaliseChannelFields({ key: 'sk-new' })).key).toBe('sk-new');
    expect(refusal(() => editedChannelConfig(stored, normaliseChannelFields({ key: 'a\nb' })))).toBe(ChannelMessage.singleKeyOnEdit);
  });

  it('never turn a channel into a type the gateway cannot serve yet', () => {
    expect(refusal(() => editedChannelConfig(stored, normaliseChannelFields({ type: 11 })))).toMatch(/Google PaLM2（11）暂不支持/);
    expect(editedChannelConfig(stored, normaliseChannelFields({ type: 14 })).type).toBe(14);
  });

  it('only enable or disable a stored channel of a type the gateway cannot serve yet', () => {
    const palm: ChannelConfig = { ...stored, type: 11 };
    expect(editedChannelConfig(palm, { status: 2 }).status).toBe(2);
    // The console's editor sends the whole form back: unchanged fields are no edit.
    expect(editedChannelConfig(palm, { ...palm, status: 1 })).toEqual({ ...palm, status: 1 });
    expect(refusal(() => editedChannelConfig(palm, { name: 'renamed' }))).toMatch(/暂不支持/);
    expect(editedChannelConfig(palm, { type: 1 }).type).toBe(1);
  });

  it('keep an auto-disabled status sent back, but never set it', () => {
    expect(editedChannelConfig({ ...stored, status: 3 }, { status: 3 }).status).toBe(3);
    expect(refusal(() => editedChannelConfig(stored, { status: 3 }))).toBe(ChannelMessage.statusInvalid);
  });
});

describe('declarative (operator) configurations', () => {
  it('need the same fields and refuse several keys', () => {
    expect(desiredChannelConfig(minimal)).toMatchObject({ name: 'c', key: 'sk-1', status: 1 });
    expect(refusal(() => desiredChannelConfig({ ...minimal, key: 'a\nb' }))).toBe(ChannelMessage.externalKeySingle);
    expect(refusal(() => desiredChannelConfig({ name: 'c', key: 'k' }))).toBe(ChannelMessage.modelsRequired);
  });
});

describe('tag edits', () => {
  it('refuse an edit that changes nothing', () => {
    for (const edit of [{}, { new_tag: 't' }, { models: '', groups: ' ', model_mapping: '' }, { priority: null }]) {
      expect(refusal(() => normaliseTagEdit('t', edit))).toBe('没有任何修改！');
    }
  });

  it('dissolve the tag on an empty new tag and rename it otherwise', () => {
    expect(normaliseTagEdit('t', { new_tag: '' })).toEqual({ tag: null });
    expect(normaliseTagEdit('t', { new_tag: ' u ' })).toEqual({ tag: 'u' });
  });

  it('overwrite models, groups, mapping, priority and weight with normalised values', () => {
    expect(
      normaliseTagEdit('t', { models: 'a, b,a', groups: 'vip,vip', model_mapping: '{"a":"x"}', priority: -5, weight: 3 }),
    ).toEqual({ models: 'a,b', group: 'vip', model_mapping: '{"a":"x"}', priority: -5, weight: 3 });
  });

  it('refuse a mapping that is not JSON, a bad priority and a negative weight', () => {
    expect(refusal(() => normaliseTagEdit('t', { model_mapping: '{' }))).toBe('模型映射必须是合法的 JSON 格式！');
    expect(refusal(() => normaliseTagEdit('t', { priority: -1000 }))).toBe('优先级必须是 -999 到 1000000 之间的整数');
    expect(refusal(() => normaliseTagEdit('t', { weight: -1 }))).toBe('权重必须是不大于 1000000 的非负整数');
  });
});
