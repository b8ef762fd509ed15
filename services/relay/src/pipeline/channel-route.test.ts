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

  it('answers the same route object each time (it is asked for every candidate channel)', () => {
    expect(channelRouteFor(14, 'openai', 'chat/completions')).toBe(channelRouteFor(14, 'openai', 'chat/completions'));
  });
});
