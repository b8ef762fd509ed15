import { http, HttpResponse, server } from '../../test-support/http-mock';
import i18n from '../i18n';
import { api } from './api';
import { isApiError } from './api-error';
import { localMessage, parseMessageParams } from './api-messages';
import { createStore } from './store';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    refusalProbe: build.query<unknown, void>({ query: () => 'api/refusal-probe' }),
  }),
});

/** Answers the probe as edge refuses: the reference's body, the code and parts in headers. */
function refuse(message: string, code?: string, params?: Record<string, unknown>) {
  const headers: Record<string, string> = {};
  if (code) headers['Modelgate-Message-Code'] = code;
  if (params) headers['Modelgate-Message-Params'] = encodeURIComponent(JSON.stringify(params));
  server.use(http.get('*/api/refusal-probe', () => HttpResponse.json({ success: false, message }, { headers })));
}

async function failure() {
  const result = await createStore().dispatch(probeApi.endpoints.refusalProbe.initiate());
  if (!isApiError(result.error)) throw new Error('expected a refusal');
  return result.error;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('server messages in the user’s language', () => {
  it('words a refusal by its code, in English and in Chinese', async () => {
    refuse('用户名或密码错误，或用户已被封禁', 'wrong_credentials');
    expect(await failure()).toEqual({ status: 'rejected', code: 'wrong_credentials', message: 'Wrong username or password, or the user is banned' });
    await i18n.changeLanguage('zh');
    expect((await failure()).message).toBe('用户名或密码错误，或用户已被封禁');
  });

  it('fills in the parts and names the field by its label, not its wire name', async () => {
    refuse('输入不合法：remain_quota 不能大于 1000000000000000', 'input_too_large', { field: 'remain_quota', max: 1e15 });
    expect((await failure()).message).toBe('Remaining quota must not be greater than 1000000000000000');
    await i18n.changeLanguage('zh');
    expect((await failure()).message).toBe('剩余额度不能大于 1000000000000000');
  });

  it('falls back to the server’s text for an unknown code, a missing part or no code at all', () => {
    expect(localMessage({ message: 'from a newer server', code: 'brand_new_code' })).toBe('from a newer server');
    expect(localMessage({ message: '输入不合法：x', code: 'input_too_large', params: {} })).toBe('输入不合法：x');
    expect(localMessage({ message: 'plain' })).toBe('plain');
  });

  it('keeps a precise server text already in the user’s language for general codes', async () => {
    expect(localMessage({ message: 'The field x is wrong', code: 'invalid_request' })).toBe('The field x is wrong');
    expect(localMessage({ message: '令牌名称不能为空', code: 'invalid_request' })).toBe('The request is not valid');
    await i18n.changeLanguage('zh');
    expect(localMessage({ message: '令牌名称不能为空', code: 'invalid_request' })).toBe('令牌名称不能为空');
  });

  it('reads only an object from the params header', () => {
    expect(parseMessageParams(encodeURIComponent('{"max":3}'))).toEqual({ max: 3 });
    for (const bad of [null, '', '%E0%A4%A', encodeURIComponent('[1]'), encodeURIComponent('"x"')]) expect(parseMessageParams(bad)).toBeUndefined();
  });
});
