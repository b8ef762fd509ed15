import {
  add,
  decimalFromNumber,
  multiply,
  productOf,
  roundHalfAwayFromZero,
  sumOf,
  truncate,
} from './decimal';

describe('decimalFromNumber: the shortest decimal of a float', () => {
  it.each<[number, bigint, number]>([
    [0.075, 75n, 3],
    [1.25, 125n, 2],
    [37.5, 375n, 1],
    [500000, 500000n, 0],
    [1e-7, 1n, 7],
    [1.5e21, 1500000000000000000000n, 0],
    // 10 / 0.15 = 66.66666666666667 (the float's shortest round-trip text)
    [10 / 0.15, 6666666666666667n, 14],
    [-2.5, -25n, 1],
    [0, 0n, 0],
    [Number.NaN, 0n, 0],
    [Number.POSITIVE_INFINITY, 0n, 0],
  ])('%d → %d × 10^-%d', (value, digits, scale) => {
    expect(decimalFromNumber(value)).toEqual({ digits, scale });
  });
});

describe('exact arithmetic', () => {
  it('multiplies and adds without binary rounding', () => {
    // 0.1 + 0.2 = 0.3 exactly (IEEE: 0.30000000000000004)
    expect(add(decimalFromNumber(0.1), decimalFromNumber(0.2))).toEqual({ digits: 3n, scale: 1 });
    // 100 × 0.29 = 29.00 (IEEE: 28.999999999999996)
    expect(multiply(decimalFromNumber(100), decimalFromNumber(0.29))).toEqual({ digits: 2900n, scale: 2 });
    // 2 × 0.5 × 0.075 = 2 × 5e-1 × 75e-3 = 750e-4 (= 0.075; not normalised)
    expect(productOf(2, 0.5, 0.075)).toEqual({ digits: 750n, scale: 4 });
    // 1 + 0.25 + 10 = 11.25
    expect(sumOf(decimalFromNumber(1), decimalFromNumber(0.25), decimalFromNumber(10))).toEqual({ digits: 1125n, scale: 2 });
  });
});

describe('roundHalfAwayFromZero', () => {
  it.each<[number, number]>([
    [2.5, 3],
    [2.4999, 2],
    [0.5, 1],
    [0.075, 0],
    [-2.5, -3],
    [-2.4, -2],
    [7, 7],
    // 100 × 0.145 = 14.5 exactly → 15 (IEEE: 14.499999999999998 → 14)
    [14.5, 15],
  ])('%d → %d', (value, expected) => {
    expect(roundHalfAwayFromZero(decimalFromNumber(value))).toBe(expected);
  });

  it('rounds an exact product that floats put below the half', () => {
    expect(roundHalfAwayFromZero(productOf(100, 0.145))).toBe(15);
  });
});

describe('truncate', () => {
  it.each<[number, number]>([
    [1.999, 1],
    [1.625, 1],
    [-1.5, -1],
    [3, 3],
  ])('%d → %d', (value, expected) => {
    expect(truncate(decimalFromNumber(value))).toBe(expected);
  });

  it('truncates an exact product that floats put below the integer', () => {
    // 100 × 0.29 = 29 (IEEE: 28.999999999999996 → 28)
    expect(truncate(productOf(100, 0.29))).toBe(29);
  });
});
