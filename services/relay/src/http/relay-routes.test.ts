import { matchRelayRoute, protocolOfRequest, servedRelayRoutes } from './relay-routes';

describe('matchRelayRoute', () => {
  it.each([
    ['POST', '/v1/chat/completions', { kind: 'relay', protocol: 'openai', operation: 'chat/completions' }],
    ['POST', '/v1/chat/completions/', { kind: 'relay', protocol: 'openai', operation: 'chat/completions' }],
    ['POST', '/v1/completions', { kind: 'relay', protocol: 'openai', operation: 'completions' }],
    ['POST', '/v1/embeddings', { kind: 'relay', protocol: 'openai', operation: 'embeddings' }],
    ['POST', '/v1/engines/text-embedding-3-small/embeddings', { kind: 'relay', protocol: 'openai', operation: 'embeddings', pathModel: 'text-embedding-3-small' }],
    ['POST', '/v1/moderations', { kind: 'relay', protocol: 'openai', operation: 'moderations' }],
    ['POST', '/v1/images/generations', { kind: 'relay', protocol: 'openai', operation: 'images/generations' }],
    ['POST', '/v1/audio/speech', { kind: 'relay', protocol: 'openai', operation: 'audio/speech' }],
    ['POST', '/v1/audio/transcriptions', { kind: 'relay', protocol: 'openai', operation: 'audio/transcriptions' }],
    ['POST', '/v1/audio/translations', { kind: 'relay', protocol: 'openai', operation: 'audio/translations' }],
    ['POST', '/v1/rerank', { kind: 'relay', protocol: 'openai', operation: 'rerank' }],
    ['GET', '/v1/models', { kind: 'models' }],
    ['GET', '/v1/models/gpt-4o', { kind: 'model', model: 'gpt-4o' }],
    ['GET', '/v1/models/ft%3Agpt-4o%3Aacme', { kind: 'model', model: 'ft:gpt-4o:acme' }],
    ['GET', '/dashboard/billing/subscription', { kind: 'billing-subscription' }],
    ['GET', '/v1/dashboard/billing/subscription', { kind: 'billing-subscription' }],
    ['GET', '/dashboard/billing/usage', { kind: 'billing-usage' }],
    ['GET', '/v1/dashboard/billing/usage', { kind: 'billing-usage' }],
    ['POST', '/pg/chat/completions', { kind: 'playground' }],
    ['POST', '/pg/chat/completions/', { kind: 'playground' }],
    ['POST', '/v1/messages', { kind: 'relay', protocol: 'anthropic', operation: 'messages' }],
    ['POST', '/v1/messages/count_tokens', { kind: 'relay', protocol: 'anthropic', operation: 'messages/count_tokens' }],
    ['POST', '/v1beta/models/gemini-pro:generateContent', { kind: 'relay', protocol: 'gemini', operation: 'generateContent', pathModel: 'gemini-pro', stream: false }],
    ['POST', '/v1beta/models/gemini-pro:streamGenerateContent', { kind: 'relay', protocol: 'gemini', operation: 'generateContent', pathModel: 'gemini-pro', stream: true }],
    ['POST', '/v1/models/gemini-pro:countTokens', { kind: 'relay', protocol: 'gemini', operation: 'countTokens', pathModel: 'gemini-pro', stream: false }],
    ['POST', '/v1/models/text-embedding-004:embedContent', { kind: 'relay', protocol: 'gemini', operation: 'embedContent', pathModel: 'text-embedding-004', stream: false }],
    ['POST', '/v1beta/models/vendor/model:v2:batchEmbedContents', { kind: 'relay', protocol: 'gemini', operation: 'batchEmbedContents', pathModel: 'vendor/model:v2', stream: false }],
    ['POST', '/v1beta/tunedModels/my-model:generateContent', { kind: 'tuned-model', model: 'my-model' }],
    ['GET', '/v1beta/models', { kind: 'models' }],
    ['GET', '/v1beta/models/gemini-pro', { kind: 'model', model: 'gemini-pro' }],
    ['POST', '/v1/images/edits', { kind: 'relay', protocol: 'openai', operation: 'images/edits' }],
    ['POST', '/v1/images/variations', { kind: 'relay', protocol: 'openai', operation: 'images/variations' }],
    ['POST', '/v1/responses', { kind: 'relay', protocol: 'responses', operation: 'responses' }],
    ['POST', '/v1/responses/compact', { kind: 'relay', protocol: 'responses', operation: 'responses/compact' }],
    ['GET', '/v1/responses/resp_1', { kind: 'stored-response', responseId: 'resp_1', call: { method: 'GET', suffix: '' } }],
    ['DELETE', '/v1/responses/resp_1', { kind: 'stored-response', responseId: 'resp_1', call: { method: 'DELETE', suffix: '' } }],
    ['POST', '/v1/responses/resp_1/cancel', { kind: 'stored-response', responseId: 'resp_1', call: { method: 'POST', suffix: '/cancel' } }],
    ['GET', '/v1/responses/resp_1/input_items', { kind: 'stored-response', responseId: 'resp_1', call: { method: 'GET', suffix: '/input_items' } }],
    ['POST', '/v1/responses/resp_1', { kind: 'not-found' }],
    ['GET', '/v1/responses/resp_1/cancel', { kind: 'not-found' }],
    ['GET', '/v1/responses', { kind: 'not-found' }],
  ])('%s %s', (method, path, expected) => {
    expect(matchRelayRoute(method, path)).toEqual(expected);
  });

  it.each([
    ['GET', '/v1/files'],
    ['DELETE', '/v1/files/file-1'],
    ['POST', '/v1/fine_tuning/jobs'],
    ['DELETE', '/v1/models/ft-1'],
    ['POST', '/v1/messages/batches'],
    ['POST', '/v1beta/models/gemini-pro:predict'],
    ['POST', '/v1beta/cachedContents'],
  ])('%s %s is a known but unimplemented path', (method, path) => {
    expect(matchRelayRoute(method, path)).toEqual({ kind: 'not-implemented' });
  });

  it.each([
    ['GET', '/v1/chat/completions'],
    ['POST', '/v1/models'],
    ['POST', '/v1/nothing'],
    ['GET', '/v1'],
    ['POST', '/v1/engines//embeddings'],
    ['GET', '/v1/models/%E0%A4%A'],
    ['GET', '/v1/messages'],
    // A served path with another method is a mistake, even below a prefix with missing features.
    ['GET', '/pg/chat/completions'],
    ['PUT', '/pg/chat/completions'],
    // The playground has one endpoint; nothing else below it is a missing feature.
    ['POST', '/pg/completions'],
    ['POST', '/pg/chat/completions;jsessionid=1'],
    ['POST', '/v1beta/models/%zz:generateContent'],
    ['DELETE', '/v1/models/gemini-pro:embedContent'],
    ['DELETE', '/v1/models/gemini-pro:streamGenerateContent%00'],
    ['PUT', '/v1beta/models/gemini-pro:generateContent'],
    ['GET', '/v1beta/models%00'],
    ['POST', '/v1beta/nothing'],
  ])('%s %s is not found', (method, path) => {
    expect(matchRelayRoute(method, path)).toEqual({ kind: 'not-found' });
  });

  it('answers in Anthropic’s protocol on its paths, and on the model list when anthropic-version is sent', () => {
    expect(protocolOfRequest('/v1/messages', undefined)).toBe('anthropic');
    expect(protocolOfRequest('/v1/messages/count_tokens', undefined)).toBe('anthropic');
    expect(protocolOfRequest('/v1/models', '2023-06-01')).toBe('anthropic');
    expect(protocolOfRequest('/v1/models/claude-x', '2023-06-01')).toBe('anthropic');
    expect(protocolOfRequest('/v1/models', undefined)).toBe('openai');
    expect(protocolOfRequest('/v1/chat/completions', '2023-06-01')).toBe('openai');
  });

  it('answers in Gemini’s protocol under /v1beta, on model methods under /v1, and on the /v1 model list of a Google key', () => {
    expect(protocolOfRequest('/v1beta/models/gemini-pro:generateContent', undefined)).toBe('gemini');
    expect(protocolOfRequest('/v1beta/files', undefined)).toBe('gemini');
    expect(protocolOfRequest('/v1/models/gemini-pro:streamGenerateContent', undefined)).toBe('gemini');
    expect(protocolOfRequest('/v1/models', undefined, 'AIza-key')).toBe('gemini');
    expect(protocolOfRequest('/v1/models/gemini-pro', undefined, 'AIza-key')).toBe('gemini');
    expect(protocolOfRequest('/v1/models/gemini-pro', undefined)).toBe('openai');
    expect(protocolOfRequest('/v1/models/ft:gpt-4o:acme', undefined)).toBe('openai');
    expect(protocolOfRequest('/v1/chat/completions', undefined, 'AIza-key')).toBe('openai');
  });

  it('lists every served route, each of which resolves to something served', () => {
    const routes = servedRelayRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, path } of routes) {
      const route = matchRelayRoute(method, path.replace(':model', 'gpt-4o'));
      expect([method, path, route.kind === 'not-found' || route.kind === 'not-implemented']).toEqual([method, path, false]);
    }
  });
});
