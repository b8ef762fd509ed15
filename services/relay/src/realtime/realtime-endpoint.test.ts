import { readTokenKey } from '../auth/token-key';
import { betaHeaderOf, chooseSubprotocol } from './realtime-endpoint';

const KEY = 'a'.repeat(48);

describe('connecting to /v1/realtime', () => {
  it('the key comes from the openai-insecure-api-key subprotocol, else from Authorization', () => {
    expect(readTokenKey({ 'sec-websocket-protocol': `realtime, openai-insecure-api-key.sk-${KEY}` })).toEqual({ key: KEY });
    expect(readTokenKey({ authorization: `Bearer sk-${KEY}` })).toEqual({ key: KEY });
  });

  it("answers with the realtime subprotocol when offered, else the client's first (a client offering any needs one back), else none", () => {
    expect(chooseSubprotocol(new Set(['openai-insecure-api-key.sk-x', 'realtime']))).toBe('realtime');
    expect(chooseSubprotocol(new Set(['openai-insecure-api-key.sk-x']))).toBe('openai-insecure-api-key.sk-x');
    expect(chooseSubprotocol(new Set())).toBe(false);
  });

  it("asks the upstream for the beta protocol when the client sent OpenAI-Beta or offered the beta subprotocol", () => {
    expect(betaHeaderOf({ headers: { 'openai-beta': 'realtime=v1' } })).toBe('realtime=v1');
    expect(betaHeaderOf({ headers: { 'sec-websocket-protocol': 'realtime, openai-beta.realtime-v1' } })).toBe('realtime=v1');
    expect(betaHeaderOf({ headers: { 'sec-websocket-protocol': 'realtime' } })).toBeUndefined();
    expect(betaHeaderOf({ headers: {} })).toBeUndefined();
  });
});
