import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { z } from 'zod';

/**
 * The shapes of the user-management requests. Edge checks types and sizes (so nothing malformed
 * or oversized crosses gRPC); identity applies the product's rules (lengths, roles, groups).
 */

/** Prefix of input-validation failures, as in the reference (`输入不合法 …`). */
const INVALID_INPUT = '输入不合法：';
/** Page size when the client names none (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page size served; a larger request gets pages of this size. */
export const MAX_PAGE_SIZE = 100;
/** Highest page number accepted (far beyond any real listing; keeps offsets small). */
const MAX_PAGE = 10_000_000;
/** Size caps of free text, well above identity's rules, against oversized payloads. */
const MAX_NAME = 64;
const MAX_SECRET = 128;
const MAX_KEYWORD = 255;

const text = (max: number) => z.string().max(max).nullish();

/** `POST /api/user/`: missing credentials are left to identity, which answers with the reference message. */
export const createUserBody = z.object({
  username: text(MAX_NAME),
  display_name: text(MAX_NAME),
  password: text(MAX_SECRET),
  role: z.int().nullish(),
});

/**
 * `PUT /api/user/`: the console sends the whole user it loaded; only these fields are read,
 * every other one (bindings, counters, status) is ignored, and an absent or null one is unchanged.
 */
export const updateUserBody = z.object({
  id: z.int().positive(),
  username: text(MAX_NAME),
  display_name: text(MAX_NAME),
  password: text(MAX_SECRET),
  group: text(MAX_NAME),
  quota: z.int().nullish(),
  quota_delta: z.int().nullish(),
  role: z.int().nullish(),
});

/** `POST /api/user/manage`. */
export const manageUserBody = z.object({
  id: z.int().positive(),
  action: z.string().max(32),
});

const TYPE_NAMES: Record<string, string> = { string: '字符串', number: '数字', int: '整数', object: 'JSON 对象' };

/** One zod issue in the words the console shows. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? `${issue.path.join('.')} ` : '请求体';
  switch (issue.code) {
    case 'invalid_type':
      return `${field}的类型错误，应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field}长度不能超过 ${String(issue.maximum)} 个字符`
        : `${field}不能大于 ${String(issue.maximum)}`;
    case 'too_small':
      return issue.inclusive ? `${field}不能小于 ${String(issue.minimum)}` : `${field}必须大于 ${String(issue.minimum)}`;
    default:
      return `${field}${issue.message}`;
  }
}

/** Parses `value` with `schema`; the first problem becomes a ValidationError (HTTP 200, success false). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ValidationError(`${INVALID_INPUT}${issue ? describeIssue(issue) : '请求无效'}`, { code: 'invalid_input' });
}

/** The request's JSON body; an absent body (no JSON content type) reads as an empty object. */
export function bodyOf(req: Request): unknown {
  return req.body === undefined ? {} : req.body;
}

/** A single query-string value: absent or empty gives undefined, a repeated parameter is refused. */
export function queryValue(req: Request, name: string, maxLength: number): string | undefined {
  const value = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${INVALID_INPUT}${name} 只能出现一次`);
  if (value.length > maxLength) throw new ValidationError(`${INVALID_INPUT}${name} 长度不能超过 ${maxLength} 个字符`);
  return value;
}

function queryNumber(req: Request, name: string): number | undefined {
  const value = queryValue(req, name, 12);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ValidationError(`${INVALID_INPUT}${name} 必须是非负整数`);
  return Number(value);
}

/**
 * Paging of the user list (`p`, `page_size`). Pages are 1-based as in the reference server and
 * console, and `p=0` (what the console sends for its first load, hence "page starts at 0" in the
 * spec) is the first page too. The size defaults to 10 and is capped at 100.
 */
export function pagingOf(req: Request): { page: number; page_size: number } {
  const page = Math.max(queryNumber(req, 'p') ?? 1, 1);
  if (page > MAX_PAGE) throw new ValidationError(`${INVALID_INPUT}p 不能大于 ${MAX_PAGE}`);
  const size = queryNumber(req, 'page_size') ?? 0;
  return { page, page_size: size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE) };
}

/** The filters of `GET /api/user/search`. */
export function searchOf(req: Request): { keyword: string; group: string } {
  return { keyword: queryValue(req, 'keyword', MAX_KEYWORD) ?? '', group: queryValue(req, 'group', MAX_NAME) ?? '' };
}
