import type { Request } from 'express';
import { oneBasedPagingOf, pageJson, pagingOf } from './paging';

const request = (query: Record<string, unknown>) => ({ query, params: {} }) as unknown as Request;

describe('paging', () => {
  // Tokens (the console sends `size`), tasks and channels (`page_size`).
  it('pages from 0, reads page_size or size, defaults to 10 and caps at 100', () => {
    expect(pagingOf(request({}))).toEqual({ page: 0, page_size: 10 });
    expect(pagingOf(request({ p: '3', size: '20' }))).toEqual({ page: 3, page_size: 20 });
    expect(pagingOf(request({ p: '1', page_size: '50' }))).toEqual({ page: 1, page_size: 50 });
    expect(pagingOf(request({ p: '3', page_size: '20' }))).toEqual({ page: 3, page_size: 20 });
    expect(pagingOf(request({ p: '1', size: '50' }))).toEqual({ page: 1, page_size: 50 });
    expect(pagingOf(request({ size: '0' }))).toEqual({ page: 0, page_size: 10 });
    expect(pagingOf(request({ size: '5000' }))).toEqual({ page: 0, page_size: 100 });
    expect(pagingOf(request({ p: '', page_size: '5000' }))).toEqual({ page: 0, page_size: 100 });
    expect(() => pagingOf(request({ p: '-1' }))).toThrow('输入不合法：p 必须是非负整数');
    expect(() => pagingOf(request({ p: '1e3' }))).toThrow('输入不合法：p 必须是非负整数');
    expect(() => pagingOf(request({ p: '99999999999' }))).toThrow('输入不合法：p 不能大于 10000000');
    expect(() => pagingOf(request({ p: ['1', '2'] }))).toThrow('输入不合法：p 只能出现一次');
  });

  it('prefers page_size to size and names the parameter it refuses', () => {
    expect(pagingOf(request({ page_size: '30', size: '40' }))).toEqual({ page: 0, page_size: 30 });
    expect(() => pagingOf(request({ page_size: 'ten' }))).toThrow('输入不合法：page_size 必须是非负整数');
    expect(() => pagingOf(request({ size: '-1' }))).toThrow('输入不合法：size 必须是非负整数');
  });

  it('counts users, codes and logs from 1, with p=0 or no p as the first page', () => {
    expect(oneBasedPagingOf(request({}))).toEqual({ page: 1, page_size: 10 });
    expect(oneBasedPagingOf(request({ p: '0', page_size: '2' }))).toEqual({ page: 1, page_size: 2 });
    expect(oneBasedPagingOf(request({ p: '2', page_size: '1000' }))).toEqual({ page: 2, page_size: 100 });
    expect(() => oneBasedPagingOf(request({ p: 'first' }))).toThrow('输入不合法：p 必须是非负整数');
    expect(() => oneBasedPagingOf(request({ p: '20000000' }))).toThrow('输入不合法：p 不能大于 10000000');
  });

  it('answers the paged shape with JSON numbers, each item converted', () => {
    const page = { items: [1, 2], total: '12', page: 2, page_size: 2 };
    expect(pageJson(page, (n) => ({ n }))).toEqual({ items: [{ n: 1 }, { n: 2 }], total: 12, page: 2, page_size: 2 });
  });
});
