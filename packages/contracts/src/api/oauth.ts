import { z } from 'zod';
import { type QueryOf, queryString } from './query';
import { userJson } from './user';

/**
 * Third-party sign-in and binding (`/api/oauth/...`; spec §7 "OAuth"). Every parameter is one
 * bounded string; edge answers anything else with the reference's "invalid parameters".
 */

/** Longest value of any OAuth query parameter (codes, states, widget fields). */
export const MAX_OAUTH_PARAMETER = 512;

const parameter = () => queryString(MAX_OAUTH_PARAMETER);

/** `GET /api/oauth/state`: `aff`, an invitation code kept for a registration. */
export const oauthStateQuery = z.object({ aff: parameter().transform((aff) => aff.trim()) });

/**
 * A provider callback (`/api/oauth/github|oidc|linuxdo`, `/api/oauth/wechat[/bind]`): the
 * provider's refusal (`error`, `error_description`) or its `code` with the `state` issued to the
 * browser. Edge reads them in that order: a refusal first, then the state, then the code.
 */
export const oauthCallbackQuery = z.object({
  error: parameter(),
  error_description: parameter(),
  state: parameter(),
  code: parameter().transform((code) => code.trim()),
});

/** The Telegram widget's signed fields (`/api/oauth/telegram/login|bind`), each given once. */
export const telegramWidgetQuery = z.record(z.string(), parameter());

/** `GET /api/oauth/state` answers the state, a random string. */
export const oauthStateJson = z.string();

/**
 * The user a sign-in answers with and the console keeps (spec §4 "Login"): login, registration
 * through a provider and binding (`message: "bind"` when the call bound an account).
 */
export const authUserJson = userJson.pick({ id: true, username: true, display_name: true, role: true, status: true, group: true });

/** `POST /api/user/login`: also whether the super admin still has the first-start password. */
export const loginJson = authUserJson.extend({ default_password: z.boolean() });

export type OAuthStateJson = z.infer<typeof oauthStateJson>;
export type OAuthCallbackQuery = QueryOf<typeof oauthCallbackQuery>;
export type AuthUserJson = z.infer<typeof authUserJson>;
export type LoginJson = z.infer<typeof loginJson>;
