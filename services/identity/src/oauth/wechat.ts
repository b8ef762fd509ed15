import type { TypedOptionReader } from '../options/option-store';
import { OAuthMessage } from './oauth-messages';
import { fetchProviderJson, field, joinUrl, type ProviderCall, providerError } from './provider-http';
import type { ExternalProfile } from './redirect-providers';

/**
 * Resolves the verification code a user got from the WeChat server's official account to their
 * WeChat id: `GET {WeChatServerAddress}/api/wechat/user?code=` with the server token in
 * `Authorization`, answered `{success, message, data: <wechat id>}`.
 */
export async function resolveWeChatCode(code: string, options: TypedOptionReader, call: ProviderCall): Promise<ExternalProfile> {
  const address = options.value('WeChatServerAddress');
  if (!/^https?:\/\//.test(address)) throw providerError(OAuthMessage.notConfigured('微信'), 'oauth_not_configured');
  const url = `${joinUrl(address, '/api/wechat/user')}?code=${encodeURIComponent(code)}`;
  const { body } = await fetchProviderJson(call, url, { headers: { Authorization: options.value('WeChatServerToken') } });
  if (typeof body !== 'object' || body === null) {
    throw providerError(OAuthMessage.badAnswer('微信'), 'oauth_provider_bad_response');
  }
  if ((body as { success?: unknown }).success !== true) {
    throw providerError(field(body, 'message') || OAuthMessage.weChatCodeInvalid, 'wechat_code_rejected');
  }
  const wechatId = field(body, 'data');
  if (wechatId === '') throw providerError(OAuthMessage.weChatCodeInvalid, 'wechat_code_rejected');
  return { externalId: wechatId, displayName: 'WeChat User', email: '' };
}
