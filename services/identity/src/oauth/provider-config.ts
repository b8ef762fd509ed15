import { defineConfig, env } from '@modelgate/runtime';
import { z } from 'zod';

/**
 * Where identity reaches the OAuth providers whose addresses are not options. OIDC endpoints come
 * from the `oidc.*` options (or their well-known document), the WeChat server from
 * `WeChatServerAddress`, and Telegram needs no call at all (its widget data is signed). Every
 * address is configurable so tests run each flow against a local fake.
 */
export interface OAuthProviderSettings {
  /** GitHub's web origin: the code is exchanged at `{githubOAuthUrl}/login/oauth/access_token`. */
  githubOAuthUrl: string;
  /** GitHub's REST API: the account is read from `{githubApiUrl}/user`. */
  githubApiUrl: string;
  /** LinuxDO Connect: `{linuxDoUrl}/oauth2/token` and `{linuxDoUrl}/api/user`. */
  linuxDoUrl: string;
  /** Bound on all provider calls of one sign-in together (token exchange plus profile). */
  timeoutMs: number;
}

/** The real providers, and a budget well inside edge's deadline for the sign-in RPCs (15 s). */
export const DEFAULT_PROVIDER_SETTINGS: Readonly<OAuthProviderSettings> = Object.freeze({
  githubOAuthUrl: 'https://github.com',
  githubApiUrl: 'https://api.github.com',
  linuxDoUrl: 'https://connect.linux.do',
  timeoutMs: 5_000,
});

/** The largest provider budget accepted: edge stops waiting for a sign-in RPC after 15 s. */
export const MAX_PROVIDER_TIMEOUT_MS = 12_000;

/** The environment variables of {@link OAuthProviderSettings} (identity alone; embedded mirrors them). */
export const oauthProviderConfig = defineConfig({
  githubOAuthUrl: {
    env: 'GITHUB_OAUTH_URL',
    schema: env.url(['http', 'https']).default(DEFAULT_PROVIDER_SETTINGS.githubOAuthUrl),
    description: 'GitHub OAuth origin (authorization code exchange)',
  },
  githubApiUrl: {
    env: 'GITHUB_API_URL',
    schema: env.url(['http', 'https']).default(DEFAULT_PROVIDER_SETTINGS.githubApiUrl),
    description: 'GitHub REST API origin (the signed-in account)',
  },
  linuxDoUrl: {
    env: 'LINUXDO_OAUTH_URL',
    schema: env.url(['http', 'https']).default(DEFAULT_PROVIDER_SETTINGS.linuxDoUrl),
    description: 'LinuxDO Connect origin (token exchange and account)',
  },
  timeoutMs: {
    env: 'OAUTH_PROVIDER_TIMEOUT_MS',
    schema: z.coerce.number().int().positive().max(MAX_PROVIDER_TIMEOUT_MS).default(DEFAULT_PROVIDER_SETTINGS.timeoutMs),
    description: 'bound on the provider calls of one third-party sign-in, in milliseconds',
  },
});
