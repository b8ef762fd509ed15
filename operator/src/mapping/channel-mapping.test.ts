import type { ChannelResource } from '../resource/channel-resource';
import { acceptSpec, ChannelSpecError, keyFingerprint, mapChannel, sortedJson } from './channel-mapping';
import { resolveApiKey } from './secret-key';


function channel(spec: Partial<ChannelResource['spec']> = {}, meta: Partial<NonNullable<ChannelResource['metadata']>> = {}): ChannelResource {
  return {
    apiVersion: 'modelgate.dev/v1alpha1',
    kind: 'Channel',
    metadata: { name: 'openai-main', namespace: 'team-a', generation: 1, ...meta },
    spec: { type: 'openai', models: ['gpt-4o', 'gpt-4o-mini'], apiKeySecretRef: { name: 'openai-key' }, ...spec },
  };
}

describe('provider names', () => {
  test('map to the gateway’s numeric types', () => {
    expect(acceptSpec(channel({ type: 'openai' }))).toBe(1);
    expect(acceptSpec(channel({ type: 'azure', baseURL: 'https://a.example' }))).toBe(3);
    expect(acceptSpec(channel({ type: 'anthropic' }))).toBe(14);
    expect(acceptSpec(channel({ type: 'aws-claude' }))).toBe(33);
  });
});

describe('mapChannel', () => {
  test('a minimal spec takes the defaults and names the channel after the resource', () => {
    const desired = mapChannel(channel(), 'sk-test', true);
    expect(desired.fields).toEqual({
      type: 1,
      name: 'team-a/openai-main',
      key: 'sk-test',
      models: ['gpt-4o', 'gpt-4o-mini'],
      group: ['default'],
      priority: 0,
      weight: 0,
      auto_ban: 1,
      base_url: null,
      model_mapping: null,
      status_code_mapping: null,
      tag: null,
      test_model: null,
      openai_organization: null,
      other: null,
      max_input_tokens: 0,
      max_rpm: 0,
      max_tpm: 0,
      max_concurrency: 0,
      param_override: null,
      setting: null,
    });
    expect(desired.enabled).toBe(true);
    expect(desired.keyFingerprint).toBe(keyFingerprint('sk-test'));
    expect(desired.keyFingerprint).toMatch(/^[0-9a-f]{12}$/);
  });

  test('every field of a full spec lands in its column; JSON maps have sorted keys', () => {
    const desired = mapChannel(
      channel({
        type: 'azure',
        displayName: 'Azure EU',
        baseURL: 'https://eu.example.com/',
        models: ['gpt-4o', 'gpt-35'],
        groups: ['vip', 'default'],
        priority: 10,
        weight: 3,
        modelMapping: { 'gpt-4o': 'gpt-4o-2024-08-06', 'gpt-35': 'gpt-35-turbo' },
        statusCodeMapping: { '429': '503', '401': '500' },
        tag: 'eu',
        testModel: 'gpt-35',
        autoBan: false,
        settings: { apiVersion: '2024-10-21', maxInputTokens: 8000, paramOverride: { z: 1, a: { y: 2, b: 3 } }, upstreamHTTP2: true },
        limits: { requestsPerMinute: 600, tokensPerMinute: 200000, concurrency: 4, upstreamConnections: 8 },
      }),
      'azure-key',
      false,
    );
    expect(desired.fields).toMatchObject({
      type: 3,
      name: 'Azure EU',
      base_url: 'https://eu.example.com/',
      group: ['vip', 'default'],
      priority: 10,
      weight: 3,
      auto_ban: 0,
      model_mapping: '{"gpt-35":"gpt-35-turbo","gpt-4o":"gpt-4o-2024-08-06"}',
      status_code_mapping: '{"401":"500","429":"503"}',
      tag: 'eu',
      test_model: 'gpt-35',
      other: '2024-10-21',
      max_input_tokens: 8000,
      max_rpm: 600,
      max_tpm: 200000,
      max_concurrency: 4,
      param_override: '{"a":{"b":3,"y":2},"z":1}',
      setting: '{"upstream_connections":8,"upstream_http2":true}',
    });
    expect(desired.enabled).toBeUndefined();
  });

  test('settings.organization and settings.other', () => {
    expect(mapChannel(channel({ settings: { organization: 'org-1' } }), 'k', true).fields.openai_organization).toBe('org-1');
    expect(mapChannel(channel({ type: 'azure', baseURL: 'https://a.example', settings: { other: 'v1' } }), 'k', true).fields.other).toBe('v1');
  });

  test('disabled: true always disables; enabling waits for a spec change', () => {
    expect(mapChannel(channel({ disabled: true }), 'k', false).enabled).toBe(false);
    expect(mapChannel(channel({ disabled: false }), 'k', false).enabled).toBeUndefined();
    expect(mapChannel(channel({ disabled: false }), 'k', true).enabled).toBe(true);
  });

  test.each([
    [{ type: 'nope' }, 'UnknownType', 'unknown channel type "nope"'],
    [
      { type: 'palm' },
      'TypeNotSupported',
      'channel type palm (Google PaLM2) is not supported yet: Google retired the PaLM API on 15 August 2024; Google Gemini serves its successors',
    ],
    [{ type: '1' }, 'UnknownType', 'unknown channel type "1"'],
    [{ type: 'azure' }, 'InvalidSpec', 'baseURL is required for type azure'],
    [{ modelMapping: { other: 'x' } }, 'InvalidSpec', 'every modelMapping key must also be listed in models (other is not)'],
    [{ testModel: 'other' }, 'InvalidSpec', 'testModel must be one of models'],
    [{ models: [] }, 'InvalidSpec', 'spec.models must list at least one model'],
    [{ settings: { apiVersion: '2024-01-01', other: 'x' } }, 'InvalidSpec', 'settings.apiVersion and settings.other fill the same field; set one of them'],
  ])('refuses %j (%s)', (spec, reason, message) => {
    let error: unknown;
    try {
      acceptSpec(channel(spec as Partial<ChannelResource['spec']>));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ChannelSpecError);
    expect(error).toMatchObject({ reason, message });
  });

  test('sortedJson leaves out empty maps', () => {
    expect(sortedJson({})).toBeUndefined();
    expect(sortedJson(undefined)).toBeUndefined();
  });
});

describe('resolveApiKey', () => {
  const reference = { namespace: 'team-a', name: 'openai-key', key: 'apiKey' };
  test('decodes and trims the key', () => {
    expect(resolveApiKey({ data: { apiKey: Buffer.from(' sk-1\n').toString('base64') } }, reference)).toEqual({ ok: true, key: 'sk-1' });
  });
  test('a missing Secret, a missing or empty data key', () => {
    expect(resolveApiKey(undefined, reference)).toMatchObject({ ok: false, reason: 'SecretNotFound' });
    expect(resolveApiKey({ data: { other: 'eA==' } }, reference)).toMatchObject({ ok: false, reason: 'SecretKeyMissing' });
    expect(resolveApiKey({ data: { apiKey: Buffer.from('  ').toString('base64') } }, reference)).toMatchObject({ ok: false, reason: 'SecretKeyMissing' });
  });
});
