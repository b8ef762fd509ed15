import { ValidationError } from '@modelgate/runtime';
import express, { type RequestHandler } from 'express';
import { INVALID_INPUT } from './query-input';

/**
 * What `/api` reads from every request before a route sees it: the JSON body (UTF-8, with the
 * `charset=utf8` spelling real clients send accepted as UTF-8), and no NUL character anywhere in
 * the text a route could pass on. PostgreSQL cannot store NUL in text, so one that reached a
 * query would fail it as a fault; it is refused here, once, for every route.
 */

/** `; charset=utf8` (optionally quoted): the unhyphenated name body-parser does not know. */
const UTF8_ALIAS = /(;\s*charset\s*=\s*)"?utf8"?(?=\s*(?:;|$))/i;

/** Rewrites `charset=utf8` in the request's content type to `charset=utf-8`. */
const acceptUtf8Alias: RequestHandler = (req, _res, next) => {
  const type = req.headers['content-type'];
  if (type !== undefined && UTF8_ALIAS.test(type)) req.headers['content-type'] = type.replace(UTF8_ALIAS, '$1utf-8');
  next();
};

const NUL = '\u0000';

/**
 * True when `value` (a parsed JSON body: strings, numbers, arrays, objects) holds a NUL in any
 * string or key. Walked with a stack of its own: JSON nests deeper than the call stack goes.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

/**
 * Refuses a request whose path, query or JSON body carries a NUL. In the URL a NUL can only
 * arrive percent-encoded, and `%00` decodes to it whatever decoder reads the path or the query.
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (req.originalUrl.includes('%00') || containsNul(req.body)) {
    next(new ValidationError(`${INVALID_INPUT}请求不能包含空字符（NUL）`, { code: 'invalid_input' }));
    return;
  }
  next();
};

/**
 * The JSON body parser. A compressed body (`Content-Encoding: gzip`, `deflate`, `br`) that does
 * not decompress fails with the decompressor's own error, the only body failure body-parser
 * gives no `type`: it is the client's mistake, said so here.
 */
function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      const compressed = (req.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity';
      if (error && compressed && (error as { type?: unknown }).type === undefined) {
        next(new ValidationError('request body cannot be decompressed', { code: 'invalid_body', cause: error }));
        return;
      }
      next(error);
    });
  };
}

/** The handlers that read `/api` input, in order: the charset spelling, the JSON body, the NUL check. */
export function apiInput(jsonLimit: string): RequestHandler[] {
  return [acceptUtf8Alias, jsonBody(jsonLimit), refuseNul];
}
