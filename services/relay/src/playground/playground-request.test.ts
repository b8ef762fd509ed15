import { PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import type { CredentialUser } from '../auth';
import { parsePlaygroundRequest, resolvePlaygroundGroup } from './playground-request';

const body = (json: unknown) => Buffer.from(JSON.stringify(json));
const messages = [{ role: 'user', content: 'hi' }];

describe('parsePlaygroundRequest', () => {
  it('reads a chat request and takes the group out of what goes upstream', () => {
    const { request, group } = parsePlaygroundRequest(
      body({ model: 'gpt-4o-mini', messages, stream: true, group: ' vip ', max_tokens: 64, temperature: 0.5 }),
      'application/json',
    );
    expect(group).toBe('vip');
    expect(request).toMatchObject({ operation: 'chat/completions', summary: { model: 'gpt-4o-mini', stream: true } });
    expect(request.payload).toEqual({ model: 'gpt-4o-mini', messages, stream: true, max_tokens: 64, temperature: 0.5 });
    expect(JSON.parse(request.body.toString('utf8'))).toEqual(request.payload);
  });

  it('passes a body without a group through untouched', () => {
    const raw = body({ model: 'gpt-4o-mini', messages });
    const { request, group } = parsePlaygroundRequest(raw, undefined);
    expect(group).toBe('');
    expect(request.body).toBe(raw);
    expect(request.summary.stream).toBe(false);
  });

  it('treats a null group as none and refuses a group that is not text', () => {
    expect(parsePlaygroundRequest(body({ model: 'm', messages, group: null }), undefined).group).toBe('');
    expect(() => parsePlaygroundRequest(body({ model: 'm', messages, group: 3 }), undefined)).toThrow(ValidationError);
  });

  it('applies the chat rules of /v1/chat/completions', () => {
    expect(() => parsePlaygroundRequest(Buffer.from('{"model":'), 'application/json')).toThrow(
      expect.objectContaining({ code: 'invalid_json', httpStatus: 400 }),
    );
    expect(() => parsePlaygroundRequest(body({ model: 'm' }), undefined)).toThrow('field messages is required');
    expect(() => parsePlaygroundRequest(body({ messages }), undefined)).toThrow('model is required');
    expect(() => parsePlaygroundRequest(body({ model: 'm', messages, max_tokens: -1 }), undefined)).toThrow(
      'max_tokens must be a non-negative integer',
    );
  });
});

describe('resolvePlaygroundGroup', () => {
  const user = (group: string): CredentialUser => ({ id: 1, username: 'u', role: 1, status: 1, group, quota: 0 });
  const listed = new Set(['default', 'vip']);

  it('uses the user own group when none is asked for', () => {
    expect(resolvePlaygroundGroup(user('team'), '', listed)).toBe('team');
    expect(resolvePlaygroundGroup(user(''), '', listed)).toBe('default');
  });

  it('allows the own group and the listed ones', () => {
    expect(resolvePlaygroundGroup(user('team'), 'team', listed)).toBe('team');
    expect(resolvePlaygroundGroup(user('team'), 'vip', listed)).toBe('vip');
  });

  it('refuses any other group with 403 group_not_allowed', () => {
    expect(() => resolvePlaygroundGroup(user('team'), 'svip', listed)).toThrow(PermissionDeniedError);
    expect(() => resolvePlaygroundGroup(user('team'), 'svip', listed)).toThrow(
      expect.objectContaining({ code: 'group_not_allowed', httpStatus: 403 }),
    );
  });
});
