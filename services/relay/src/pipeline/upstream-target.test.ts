import { UpstreamTargets } from './upstream-target';

describe('UpstreamTargets', () => {
  it('splits a URL as the URL parser does: origin without the default port, path with the query', () => {
    const targets = new UpstreamTargets();
    expect(targets.of('https://API.example.com:443/v1/chat/completions?api-version=1')).toEqual({
      origin: 'https://api.example.com',
      path: '/v1/chat/completions?api-version=1',
    });
    expect(targets.of('http://127.0.0.1:8080/openai/deployments/gpt 4/chat')).toEqual({
      origin: 'http://127.0.0.1:8080',
      path: '/openai/deployments/gpt%204/chat',
    });
  });

  it('answers a known URL from memory with the same target', () => {
    const targets = new UpstreamTargets();
    const first = targets.of('https://api.example.com/v1/embeddings');
    expect(targets.of('https://api.example.com/v1/embeddings')).toBe(first);
    expect(targets.size).toBe(1);
  });

  it('stays bounded: a full memory starts afresh and still answers correctly', () => {
    const targets = new UpstreamTargets(3);
    for (let i = 0; i < 3; i++) targets.of(`https://api.example.com/v1/chat?n=${i}`);
    expect(targets.size).toBe(3);
    expect(targets.of('https://api.example.com/v1/chat?n=3')).toEqual({ origin: 'https://api.example.com', path: '/v1/chat?n=3' });
    expect(targets.size).toBe(1);
  });

  it('throws on a URL the parser refuses, remembering nothing', () => {
    const targets = new UpstreamTargets();
    expect(() => targets.of('not a url')).toThrow(/Invalid URL/);
    expect(targets.size).toBe(0);
  });
});
