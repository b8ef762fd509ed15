import type { Request } from 'express';
import { emailOf, loginBody, MAX_FIELD_LENGTH, parseBody, profileBody, registerBody } from './input';

describe('account request input', () => {
  it('reads absent and null fields as empty text and ignores unknown fields', () => {
    expect(parseBody(registerBody, { username: 'ann', email: null, role: 100 })).toEqual({
      username: 'ann',
      password: '',
      password2: '',
      email: '',
      verification_code: '',
      aff_code: '',
    });
    expect(parseBody(profileBody, undefined)).toEqual({ username: '', display_name: '', password: '', original_password: '' });
  });

  it('answers wrong types, missing required fields and oversized text with "invalid parameters"', () => {
    const invalid = { message: '无效的参数', code: 'invalid_parameters' };
    expect(() => parseBody(registerBody, { username: 5 })).toThrow(expect.objectContaining(invalid));
    expect(() => parseBody(registerBody, 'ann')).toThrow(expect.objectContaining(invalid));
    expect(() => parseBody(loginBody, { username: 'ann' })).toThrow(expect.objectContaining(invalid));
    expect(() => parseBody(profileBody, { password: 'x'.repeat(MAX_FIELD_LENGTH + 1) })).toThrow(expect.objectContaining(invalid));
  });

  it('accepts a query parameter once, as text', () => {
    const req = (query: Record<string, unknown>) => ({ query }) as unknown as Request;
    expect(emailOf(req({ email: 'a@b.co' }))).toBe('a@b.co');
    expect(emailOf(req({}))).toBe('');
    expect(() => emailOf(req({ email: ['a', 'b'] }))).toThrow('无效的参数');
    expect(() => emailOf(req({ email: 'x'.repeat(MAX_FIELD_LENGTH + 1) }))).toThrow('无效的参数');
  });
});
