import http from 'node:http';
import https from 'node:https';
import { UnsupportedOperationError } from '@modelgate/runtime';
import { buildChannelSnapshot } from '../routing/channel-snapshot';
import { mapModel } from '../routing/model-mapping';
import { abilitiesOf, channelRow } from '../routing/routing-fixtures.test-support';
import { selectChannel } from '../routing/select-channel';
import { CHANNEL_TYPES, SCHEMA_SUPPORT, WIRE_SCHEMAS } from '@modelgate/channel-types';
import { adapterFor, resolveChannelType, supportedSchemas } from './registry';

const SPEC_TYPES = CHANNEL_TYPES.map((type) => type.id);
/** The types served: every OpenAI-compatible vendor, Azure, Anthropic, Claude on Bedrock, Gemini and Vertex AI. */
const SERVED = [1, 3, 4, 8, 14, 17, 18, 19, 20, 22, 23, 24, 25, 26, 31, 33, 34, 35, 38, 39, 40, 41, 42, 43, 45, 46, 47];

describe('channel type registry', () => {
  let fetchSpy: jest.SpyInstance;
  let httpSpy: jest.SpyInstance;
  let httpsSpy: jest.SpyInstance;

  beforeEach(() => {
    fetchSpy = jest.spyOn(globalThis, 'fetch');
    httpSpy = jest.spyOn(http, 'request');
    httpsSpy = jest.spyOn(https, 'request');
  });
  afterEach(() => jest.restoreAllMocks());


  it.each(SPEC_TYPES)('type %i resolves to an adapter or to the typed not-supported error, without I/O', (id) => {
    let resolved: ReturnType<typeof resolveChannelType> | undefined;
    let failure: unknown;
    try {
      resolved = resolveChannelType(id);
    } catch (error) {
      failure = error;
    }
    if (SERVED.includes(id)) {
      expect(failure).toBeUndefined();
      expect(resolved!.type.id).toBe(id);
      expect(resolved!.adapter.schemas).toContain(resolved!.type.schema);
    } else {
      expect(failure).toBeInstanceOf(UnsupportedOperationError);
      expect(failure).toMatchObject({ code: 'channel_type_not_supported', httpStatus: 501 });
      expect((failure as Error).message).toMatch(new RegExp(`^channel type ${id} \\(.+\\) is not supported yet: .+`));
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(httpSpy).not.toHaveBeenCalled();
    expect(httpsSpy).not.toHaveBeenCalled();
  });

  it.each([0, 6, 27, 48, 999, -1])('refuses type %i, which spec §3 does not list', (id) => {
    expect(() => resolveChannelType(id)).toThrow(UnsupportedOperationError);
    expect(() => resolveChannelType(id)).toThrow(`unknown channel type ${id}`);
  });

  it('has an adapter speaking the protocol the catalogue names for exactly the schemas it serves', () => {
    expect(supportedSchemas()).toEqual(['anthropic', 'aws-bedrock', 'azure-openai', 'gemini', 'openai', 'vertex-ai']);
    for (const schema of WIRE_SCHEMAS) {
      const support = SCHEMA_SUPPORT[schema];
      // Task APIs are served by the task endpoints (services/relay/src/tasks), never by an adapter.
      const adapted = support.served && !('tasks' in support);
      expect([schema, adapterFor(schema)?.protocol]).toEqual([schema, adapted ? support.protocol : undefined]);
    }
  });

  it('uses every schema for some type, and gives quirks exactly to the OpenAI-schema types', () => {
    const used = new Set(CHANNEL_TYPES.map((type) => type.schema));
    expect([...WIRE_SCHEMAS].filter((schema) => !used.has(schema))).toEqual([]);
    for (const type of CHANNEL_TYPES) {
      const openaiLike = type.schema === 'openai' || type.schema === 'azure-openai';
      expect([type.id, type.quirks !== undefined]).toEqual([type.id, openaiLike]);
    }
  });

  it('refuses an endpoint a vendor does not offer before any network call', () => {
    const { type, adapter } = resolveChannelType(38); // Jina: embeddings and rerank only
    const build = () =>
      adapter.buildRequest(type, {
        channel: { id: 1, type: 38, key: 'k', base_url: '', other: '', openai_organization: null, created_time: 0 },
        operation: 'chat/completions',
        body: Buffer.from('{"model":"jina"}'),
        json: { model: 'jina' },
        upstreamModel: 'jina',
        stream: false,
        forceStreamUsage: true,
      });
    expect(build).toThrow(UnsupportedOperationError);
    expect(build).toThrow('channel type 38 (Jina) does not support chat/completions');
    expect(adapter.supports(type, 'rerank')).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(httpsSpy).not.toHaveBeenCalled();
  });

  it('takes a routed channel straight from the snapshot to the upstream request', async () => {
    const snapshot = buildChannelSnapshot(
      [channelRow(5, { type: 3, base_url: 'https://r.openai.azure.com', other: '2024-10-21', model_mapping: '{"gpt-4o":"prod-4o"}' })],
      abilitiesOf(5, ['default'], ['gpt-4o']),
    );
    const channel = selectChannel(snapshot, { group: 'default', model: 'gpt-4o', attempt: 0 });
    const route = mapModel(channel.modelMapping, 'gpt-4o');
    const { type, adapter } = resolveChannelType(channel.type);
    const request = await adapter.buildRequest(type, {
      channel: channel.row,
      operation: 'chat/completions',
      body: Buffer.from('{"model":"gpt-4o","messages":[]}'),
      json: { model: 'gpt-4o', messages: [] },
      upstreamModel: route.upstream,
      stream: false,
      forceStreamUsage: true,
    });
    expect(request.url).toBe('https://r.openai.azure.com/openai/deployments/prod-4o/chat/completions?api-version=2024-10-21');
    expect(Buffer.from(request.body).toString()).toBe('{"model":"prod-4o","messages":[]}');
    expect(route).toEqual({ requested: 'gpt-4o', upstream: 'prod-4o', mapped: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
