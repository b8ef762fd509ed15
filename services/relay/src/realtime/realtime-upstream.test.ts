import type { SnapshotChannel } from '../routing';
import { AZURE_REALTIME_API_VERSION, realtimeUpstreamTarget, servesRealtime } from './realtime-upstream';

const channel = (type: number, extra: { base_url?: string; other?: string } = {}) => ({ id: 4, type, key: ' sk-upstream ', base_url: '', other: '', ...extra });
const none = new URLSearchParams();

describe('realtimeUpstreamTarget', () => {
  it("OpenAI: wss on the type's default base, the model in the query, the key as a Bearer token", () => {
    expect(realtimeUpstreamTarget(channel(1), 'gpt-4o-realtime-preview', none)).toEqual({
      url: 'wss://api.openai.com/v1/realtime?model=gpt-4o-realtime-preview',
      headers: { Authorization: 'Bearer sk-upstream' },
    });
  });

  it("OpenAI: a channel's own http base becomes ws (trailing slashes dropped); the client's OpenAI-Beta goes on", () => {
    expect(realtimeUpstreamTarget(channel(1, { base_url: 'http://127.0.0.1:9000//' }), 'gpt 4o', none, 'realtime=v1')).toEqual({
      url: 'ws://127.0.0.1:9000/v1/realtime?model=gpt+4o',
      headers: { Authorization: 'Bearer sk-upstream', 'OpenAI-Beta': 'realtime=v1' },
    });
  });

  it("Azure: /openai/realtime with the deployment and the api version (client's, else the channel's, else the default), key in api-key", () => {
    const azure = channel(3, { base_url: 'https://example.openai.azure.com', other: '2025-04-01-preview' });
    expect(realtimeUpstreamTarget(azure, 'gpt-4o-realtime', none)).toEqual({
      url: 'wss://example.openai.azure.com/openai/realtime?api-version=2025-04-01-preview&deployment=gpt-4o-realtime',
      headers: { 'api-key': 'sk-upstream' },
    });
    expect(realtimeUpstreamTarget(azure, 'gpt-4o-realtime', new URLSearchParams('model=x&api-version=2024-12-17')).url).toContain(
      'api-version=2024-12-17&',
    );
    expect(realtimeUpstreamTarget({ ...azure, other: '' }, 'm', none).url).toContain(`api-version=${AZURE_REALTIME_API_VERSION}&`);
  });

  it('refuses channels of other types and channels without an address', () => {
    expect(() => realtimeUpstreamTarget(channel(14, { base_url: 'https://api.anthropic.com' }), 'm', none)).toThrow('does not speak the Realtime API');
    expect(() => realtimeUpstreamTarget(channel(3), 'm', none)).toThrow('has no base URL');
  });

  it('only OpenAI and Azure channels serve Realtime', () => {
    const of = (type: number) => ({ row: { type } }) as unknown as SnapshotChannel;
    expect([1, 3, 14, 24, 33].map((type) => servesRealtime(of(type)))).toEqual([true, true, false, false, false]);
  });
});
