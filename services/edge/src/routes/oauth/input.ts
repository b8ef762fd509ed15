import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { queryValue } from '../../http/query-input';

/** The reference's message for a missing or malformed parameter. */
const INVALID_PARAMETER = '无效的参数';
/** Longest value of any OAuth query parameter (codes, states, widget fields). */
const MAX_PARAMETER_LENGTH = 512;

const invalidParameter = () => new ValidationError(INVALID_PARAMETER, { code: 'oauth_invalid_parameter' });

/**
 * One query parameter as a single bounded string: '' when absent; a repeated or oversized
 * parameter is refused rather than guessed at.
 */
export function queryParam(req: Request, name: string): string {
  return queryValue(req, name, MAX_PARAMETER_LENGTH, invalidParameter) ?? '';
}

/** A required parameter (the code of a callback). */
export function requiredParam(req: Request, name: string): string {
  const value = queryParam(req, name).trim();
  if (value === '') throw invalidParameter();
  return value;
}

/**
 * A provider that refused the authorization redirects back with `error` (and a description)
 * instead of a code: show its reason, as the reference does for LinuxDO.
 */
export function refuseProviderError(req: Request): void {
  const error = queryParam(req, 'error');
  if (error !== '') {
    throw new ValidationError(queryParam(req, 'error_description') || error, { code: 'oauth_provider_denied' });
  }
}

/** Every query parameter as the Telegram widget sent it (each at most once). */
export function widgetFields(req: Request): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of Object.keys(req.query)) fields[name] = queryParam(req, name);
  return fields;
}
