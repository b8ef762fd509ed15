import { oauthCallbackQuery, oauthStateQuery, telegramWidgetQuery } from '@modelgate/contracts/api';
import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { parseQuery } from '../../http/query-input';

/**
 * The OAuth query strings, declared in the `/api` contract. A repeated or oversized parameter is
 * refused with the reference's message rather than guessed at.
 */

/** The reference's message for a missing or malformed parameter. */
const INVALID_PARAMETER = '无效的参数';

const invalidParameter = () => new ValidationError(INVALID_PARAMETER, { code: 'oauth_invalid_parameter' });

/** One parameter of a callback, read alone so that each is checked in the callback's order. */
function callbackParam(req: Request, name: keyof typeof oauthCallbackQuery.shape): string {
  const schema = oauthCallbackQuery.pick({ [name]: true } as Record<typeof name, true>);
  return (parseQuery(schema, req, invalidParameter) as Record<string, string>)[name] ?? '';
}

/** The invitation code `GET /api/oauth/state` keeps for a registration ('' when none). */
export function affCodeOf(req: Request): string {
  return parseQuery(oauthStateQuery, req, invalidParameter).aff;
}

/** The state a callback carries ('' when absent). */
export function stateOf(req: Request): string {
  return callbackParam(req, 'state');
}

/** The code of a callback: required. */
export function requiredCode(req: Request): string {
  const code = callbackParam(req, 'code');
  if (code === '') throw invalidParameter();
  return code;
}

/**
 * A provider that refused the authorization redirects back with `error` (and a description)
 * instead of a code: show its reason, as the reference does for LinuxDO.
 */
export function refuseProviderError(req: Request): void {
  const error = callbackParam(req, 'error');
  if (error !== '') {
    throw new ValidationError(callbackParam(req, 'error_description') || error, { code: 'oauth_provider_denied' });
  }
}

/** Every query parameter as the Telegram widget sent it (each at most once). */
export function widgetFields(req: Request): Record<string, string> {
  return parseQuery(telegramWidgetQuery, req, invalidParameter);
}
