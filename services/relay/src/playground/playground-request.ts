import { mayUseGroup, ownGroupOf } from '@modelgate/db';
import { PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import type { CredentialUser } from '../auth';
import { type OpenAIRequest, parseOpenAIRequest } from '../protocols/openai/inbound';

/** A playground call's body: the chat request to relay and the group the console chose. */
export interface PlaygroundRequest {
  /** The chat request, without `group` (no upstream knows that field). */
  readonly request: OpenAIRequest;
  /** The group asked for; empty for the user's own. */
  readonly group: string;
}

/**
 * Reads a playground body: a chat completion request (the same rules and errors as
 * `/v1/chat/completions`) plus an optional `group`, which is taken out before the body goes
 * upstream.
 */
export function parsePlaygroundRequest(body: Buffer, contentType: string | undefined): PlaygroundRequest {
  const parsed = parseOpenAIRequest('chat/completions', body, contentType);
  const json = parsed.payload ?? {};
  if (!Object.hasOwn(json, 'group')) return { request: parsed, group: '' };
  const { group, ...rest } = json;
  if (group !== null && typeof group !== 'string') {
    throw new ValidationError('group must be a string', { code: 'invalid_request', details: { param: 'group' } });
  }
  return {
    request: { ...parsed, body: Buffer.from(JSON.stringify(rest)), payload: rest },
    group: (group ?? '').trim(),
  };
}

/**
 * The group a playground call routes and bills in: the user's own when none is asked for, else
 * the one asked for if the user may use it (their own or one `UserUsableGroups` lists, the rule
 * of `@modelgate/db`), else 403 `group_not_allowed`.
 */
export function resolvePlaygroundGroup(user: CredentialUser, asked: string, listed: ReadonlySet<string>): string {
  if (asked === '') return ownGroupOf(user.group);
  if (!mayUseGroup(listed, user.group, asked)) {
    throw new PermissionDeniedError('无权访问该分组', { code: 'group_not_allowed', details: { param: 'group' } });
  }
  return asked;
}
