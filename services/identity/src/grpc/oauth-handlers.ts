import type { OAuthServiceDefinition, User } from '@modelgate/contracts';
import {
  type GrpcCallContext,
  PreconditionFailedError,
  type UnaryServiceImplementation,
  ValidationError,
} from '@modelgate/runtime';
import { OUTBOUND_ALLOWED_RANGES_OPTION, OutboundPolicy } from '@modelgate/runtime/outbound';
import type { IdentityContext } from '../identity-context';
import { type ExternalSignIn, ExternalAccounts } from '../oauth/external-accounts';
import {
  EXTERNAL_PROVIDERS,
  type ExternalProvider,
  OAuthMessage,
  REDIRECT_PROVIDERS,
  type RedirectProvider,
} from '../oauth/oauth-messages';
import { OAuthStates } from '../oauth/oauth-state';
import type { ProviderCall } from '../oauth/provider-http';
import { exchangeCode, OidcDiscovery } from '../oauth/redirect-providers';
import { verifyTelegramLogin } from '../oauth/telegram';
import { resolveWeChatCode } from '../oauth/wechat';
import { toProfileMessage } from '../users/user-view';

/** Longest authorization or verification code accepted. */
const MAX_CODE_LENGTH = 512;

/** `modelgate.identity.v1.OAuthService`. */
export function createOAuthHandlers(context: IdentityContext): UnaryServiceImplementation<OAuthServiceDefinition> {
  const states = new OAuthStates(context.dataSource);
  const accounts = new ExternalAccounts(context);
  const oidc = new OidcDiscovery();
  // OIDC endpoints (and the discovery document naming them) and the WeChat server come from
  // settings and from what providers answer: their calls go through the outbound address policy.
  // GitHub's and LinuxDO's addresses are the deployment's own (environment), called directly.
  const outbound = new OutboundPolicy({ allowedRanges: () => context.options.get(OUTBOUND_ALLOWED_RANGES_OPTION) });
  const guardedProviders: ReadonlySet<string> = new Set(['oidc', 'wechat']);

  /** Refuses a sign-in through a provider the admin has not enabled (the reference's message). */
  const requireEnabled = (provider: ExternalProvider) => {
    if (!context.options.value(EXTERNAL_PROVIDERS[provider].enabledOption)) {
      throw new PreconditionFailedError(OAuthMessage.disabled(provider), { code: 'oauth_disabled' });
    }
  };

  /** The provider calls of one sign-in share one budget, and stop when the RPC's caller goes away. */
  const providerCall = (provider: ExternalProvider, call: GrpcCallContext): ProviderCall => ({
    label: EXTERNAL_PROVIDERS[provider].label,
    signal: AbortSignal.any([call.signal, AbortSignal.timeout(context.providers.timeoutMs)]),
    logger: context.logger,
    ...(guardedProviders.has(provider) && { outbound }),
  });

  return {
    async CreateState(request) {
      return { state: await states.create(request.aff_code) };
    },

    async SignInWithOAuth(request, call) {
      const provider = redirectProvider(request.provider);
      const code = requireCode(request.code);
      const bindUserId = userId(request.bind_user_id);
      const { inviterId } = await states.consume(request.state);
      requireEnabled(provider);
      const profile = await exchangeCode[provider](code, {
        settings: context.providers,
        options: context.options,
        oidc,
        call: providerCall(provider, call),
        callbackOrigin: callbackOriginOf(request.callback_origin),
      });
      return toResponse(await accounts.complete(provider, profile, { bindUserId, inviterId }));
    },

    async SignInWithWeChat(request, call) {
      const code = requireCode(request.code);
      const bindUserId = userId(request.bind_user_id);
      requireEnabled('wechat');
      const profile = await resolveWeChatCode(code, context.options, providerCall('wechat', call));
      return toResponse(await accounts.complete('wechat', profile, { bindUserId, inviterId: 0 }));
    },

    async SignInWithTelegram(request) {
      const bindUserId = userId(request.bind_user_id);
      requireEnabled('telegram');
      const profile = verifyTelegramLogin(request.fields, context.options.value('TelegramBotToken'));
      return toResponse(await accounts.complete('telegram', profile, { bindUserId, inviterId: 0 }));
    },
  };
}

function redirectProvider(value: string): RedirectProvider {
  const provider = REDIRECT_PROVIDERS.find((name) => name === value);
  if (!provider) throw new ValidationError(`unknown OAuth provider: ${value.slice(0, 32)}`, { code: 'oauth_unknown_provider' });
  return provider;
}

/** A non-empty, bounded code of printable characters; "无效的参数" otherwise, as the reference says. */
function requireCode(code: string): string {
  const trimmed = code.trim();
  if (trimmed === '' || trimmed.length > MAX_CODE_LENGTH || !/^[\x21-\x7e]+$/.test(trimmed)) {
    throw new ValidationError(OAuthMessage.invalidParameter, { code: 'oauth_invalid_code' });
  }
  return trimmed;
}

/** A user id from an int64 field: 0 (none) or a positive safe integer. */
function userId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 0) throw new ValidationError('bind_user_id must be a non-negative integer');
  return id;
}

function toResponse(result: ExternalSignIn): { user: User; bound: boolean; registered: boolean } {
  return {
    user: toProfileMessage(result.user, { includeAccessToken: false }),
    bound: result.bound,
    registered: result.registered,
  };
}

/** Edge's reading of the browser's origin: `http(s)://host[:port]` only, else none. */
function callbackOriginOf(value: string | undefined): string {
  const origin = (value ?? '').trim();
  return /^https?:\/\/[^/?#\s]+$/i.test(origin) && origin.length <= 2048 ? origin : '';
}
