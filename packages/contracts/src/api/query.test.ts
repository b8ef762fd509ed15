import type { z } from 'zod';
import { adminLogFilterQuery, logFilterQuery } from './log';
import { oauthCallbackQuery, telegramWidgetQuery } from './oauth';
import { oneBasedPagingQuery, pagingQuery, queryInteger, queryString, queryText, queryTimestamp } from './query';
import { adminTaskQuery } from './task';
import { tokenSearchQuery } from './token';

/** The first issue of a refused parse: where, which code, which message. */
function refusal(schema: z.ZodType, value: unknown) {
  const issue = schema.safeParse(value).error?.issues[0];
  if (!issue) return undefined;
  const params = 'params' in issue ? (issue.params as { code?: string } | undefined) : undefined;
  return { path: issue.path, code: params?.code ?? issue.code, message: issue.message };
}

describe('the query shapes of the /api contract', () => {
  it('read absent and empty parameters as not given, and trim only the filters', () => {
    expect(queryString(5).parse(undefined)).toBe('');
    expect(queryString(5).parse(' a ')).toBe(' a ');
    expect(queryText().parse(' a ')).toBe('a');
    expect(queryInteger().parse('')).toBe(0);
    expect(queryInteger().parse(' 7 ')).toBe(7);
    expect(queryTimestamp().parse('NaN')).toBe(0);
  });

  it('refuse a repeated parameter, an oversized one and a number that is not a non-negative integer', () => {
    expect(refusal(queryText(), ['a', 'b'])).toEqual({ path: [], code: 'query_repeated', message: '只能出现一次' });
    expect(refusal(queryText(), { nested: 'x' })).toMatchObject({ code: 'query_repeated' });
    expect(refusal(queryText(3), 'abcd')).toMatchObject({ code: 'too_big' });
    for (const value of ['-1', '1.5', '1e3', '9'.repeat(16)]) {
      expect(refusal(queryInteger(), value)).toEqual({ path: [], code: 'query_not_integer', message: '必须是非负整数' });
    }
  });

  it('page from 0 or 1, reading size only when page_size names none', () => {
    expect(pagingQuery.parse({})).toEqual({ page: 0, page_size: 10 });
    expect(oneBasedPagingQuery.parse({ p: '0' })).toEqual({ page: 1, page_size: 10 });
    expect(pagingQuery.parse({ page_size: '30', size: 'ten' })).toEqual({ page: 0, page_size: 30 });
    expect(pagingQuery.parse({ size: '500' })).toEqual({ page: 0, page_size: 100 });
    expect(refusal(pagingQuery, { size: 'ten' })).toMatchObject({ path: ['size'], code: 'query_not_integer' });
    expect(refusal(pagingQuery, { p: '10000001' })).toMatchObject({ path: ['p'], code: 'too_big' });
  });

  it('give users’ log and task filters no admin-only field, and name the first bad parameter in the order read', () => {
    const query = { type: '2', token_name: ' t ', channel: '3', username: 'ann' };
    expect(logFilterQuery.parse(query)).toEqual({ type: 2, token_name: 't', model_name: '', start_timestamp: 0, end_timestamp: 0, group: '' });
    expect(adminLogFilterQuery.parse(query)).toMatchObject({ username: 'ann', channel: 3 });
    expect(refusal(adminTaskQuery, { channel_id: 'x', task_id: ['a', 'b'] })).toMatchObject({ path: ['task_id'] });
  });

  it('rename the token search’s key filter and read the OAuth parameters as sent', () => {
    expect(tokenSearchQuery.parse({ keyword: 'w', token: 'sk-1' })).toEqual({ keyword: 'w', key: 'sk-1' });
    expect(oauthCallbackQuery.parse({ code: ' c ', state: 's' })).toEqual({ error: '', error_description: '', state: 's', code: 'c' });
    expect(telegramWidgetQuery.parse({ id: '1', hash: 'h' })).toEqual({ id: '1', hash: 'h' });
    expect(refusal(telegramWidgetQuery, { id: ['1', '2'] })).toMatchObject({ path: ['id'], code: 'query_repeated' });
  });
});
