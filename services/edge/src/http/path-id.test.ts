import type { Request } from 'express';
import { numericIdOnly, positiveIdParam } from './path-id';

const request = (id: string) => ({ query: {}, params: { id } }) as unknown as Request;

describe('path ids', () => {
  it('accepts positive ids that fit an integer column, refusing others with the route’s message', () => {
    expect(positiveIdParam(request('42'), 'bad id', 'invalid_id')).toBe(42);
    expect(positiveIdParam(request('2147483647'), 'bad id', 'invalid_id')).toBe(2_147_483_647);
    for (const id of ['0', 'abc', '-3', '2147483648', '4294967295', '99999999999', '1.5', '']) {
      expect(() => positiveIdParam(request(id), 'bad id', 'invalid_id')).toThrow(
        expect.objectContaining({ message: 'bad id', code: 'invalid_id' }),
      );
    }
  });

  it('passes a non-numeric segment on to the next route', () => {
    const next = jest.fn();
    numericIdOnly(request('12'), {} as never, next);
    numericIdOnly(request('self'), {} as never, next);
    expect(next.mock.calls).toEqual([[undefined], ['route']]);
  });
});
