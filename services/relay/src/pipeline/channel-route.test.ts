import { channelRouteFor } from './channel-route';

const kind = (type: number, protocol: 'openai' | 'anthropic' | 'gemini', operation: Parameters<typeof channelRouteFor>[2]) => {
  const route = channelRouteFor(type, protocol, operation);
  return route ? [route.pairing.kind, route.upstreamOperation ?? null] : null;
};

describe('channelRouteFor', () => {
  it('passes a call straight through to a channel of its own protocol', () => {
    expect(kind(1, 'openai', 'chat/completions')).toEqual(['identity', 'chat/completions']);
    expect(kind(3, 'openai', 'embeddings')).toEqual(['identity', 'embeddings']);
    expect(kind(14, 'anthropic', 'messages')).toEqual(['identity', 'messages']);
    expect(kind(14, 'anthropic', 'messages/count_tokens')).toEqual(['identity', 'messages/count_tokens']);
    expect(kind(33, 'anthropic', 'messages')).toEqual(['identity', 'messages']);
    for (const operation of ['generateContent', 'countTokens', 'embedContent', 'batchEmbedContents'] as const) {
      expect(kind(24, 'gemini', operation)).toEqual(['identity', operation]);
    }
  });

  it('translates chat between the protocols, and counts tokens itself where the channel cannot', () => {
    expect(kind(14, 'openai', 'chat/completions')).toEqual(['translate', 'messages']);
    expect(kind(33, 'openai', 'chat/completions')).toEqual(['translate', 'messages']);
    expect(kind(1, 'anthropic', 'messages')).toEqual(['translate', 'chat/completions']);
    expect(kind(43, 'anthropic', 'messages')).toEqual(['translate', 'chat/completions']);
    expect(kind(1, 'anthropic', 'messages/count_tokens')).toEqual(['local', null]);
    expect(kind(33, 'anthropic', 'messages/count_tokens')).toEqual(['local', null]);
  });

  it('passes Responses calls to the types that serve the Responses API, and compaction only where offered', () => {
    const responses = (type: number, operation: 'responses' | 'responses/compact') => {
      const route = channelRouteFor(type, 'responses', operation);
      return route ? [route.pairing.kind, route.upstreamOperation ?? null] : null;
    };
    expect(responses(1, 'responses')).toEqual(['identity', 'responses']);
    expect(responses(1, 'responses/compact')).toEqual(['identity', 'responses/compact']);
    expect(responses(3, 'responses')).toEqual(['identity', 'responses']);
    expect(responses(3, 'responses/compact')).toBeNull();
    // A vendor without the endpoint takes it only through a translation to chat completions.
    expect(responses(43, 'responses')?.[0] ?? null).not.toBe('identity');
    expect(responses(43, 'responses/compact')).toBeNull();
    // Chat completions keep their identity path on every OpenAI-schema type.
    expect(kind(43, 'openai', 'chat/completions')).toEqual(['identity', 'chat/completions']);
    expect(kind(43, 'openai', 'responses')).toBeNull();
  });

  it('has no route where nothing can serve the call', () => {
    expect(kind(14, 'openai', 'embeddings')).toBeNull();
    expect(kind(33, 'openai', 'images/generations')).toBeNull();
    expect(kind(38, 'openai', 'chat/completions')).toBeNull();
    expect(kind(38, 'anthropic', 'messages')).toBeNull();
    expect(kind(11, 'openai', 'chat/completions')).toBeNull();
    expect(kind(11, 'gemini', 'generateContent')).toBeNull();
    expect(kind(2, 'openai', 'chat/completions')).toBeNull();
    expect(kind(999, 'openai', 'chat/completions')).toBeNull();
  });

  it('routes a Vertex AI call by the protocol its model speaks, memoised by protocol', () => {
    const route = (protocol: 'openai' | 'anthropic' | 'gemini', operation: Parameters<typeof channelRouteFor>[2], model?: string) => {
      const found = channelRouteFor(41, protocol, operation, model);
      return found ? [found.pairing.kind, found.upstreamOperation ?? null, found.adapter.protocol] : null;
    };
    expect(route('anthropic', 'messages', 'claude-sonnet-4@20250514')).toEqual(['identity', 'messages', 'anthropic']);
    expect(route('anthropic', 'messages/count_tokens', 'claude-sonnet-4@20250514')).toEqual(['identity', 'messages/count_tokens', 'anthropic']);
    expect(route('openai', 'chat/completions', 'claude-sonnet-4@20250514')).toEqual(['translate', 'messages', 'anthropic']);
    expect(route('gemini', 'generateContent', 'gemini-2.5-flash')).toEqual(['identity', 'generateContent', 'gemini']);
    expect(route('openai', 'chat/completions', 'gemini-2.5-flash')).toEqual(['translate', 'generateContent', 'gemini']);
    // Without a model: the type's own protocol.
    expect(route('gemini', 'generateContent')).toEqual(['identity', 'generateContent', 'gemini']);
    expect(route('gemini', 'batchEmbedContents', 'gemini-embedding-001')).toBeNull();
    expect(channelRouteFor(41, 'anthropic', 'messages', 'claude-a')).toBe(channelRouteFor(41, 'anthropic', 'messages', 'claude-b'));
  });

  it('answers the same route object each time (it is asked for every candidate channel)', () => {
    expect(channelRouteFor(14, 'openai', 'chat/completions')).toBe(channelRouteFor(14, 'openai', 'chat/completions'));
  });
});
