/**
 * Exact decimal arithmetic for quota amounts.
 *
 * The reference settles with a decimal library: every ratio (a float64) enters the sum as the
 * shortest decimal that round-trips to it (`0.075` is 0.075, not 0.07499999999999999722…), products
 * and sums are exact, and only the final value is rounded to whole quota units. Plain IEEE
 * arithmetic would put values such as 29 × 0.035 = 1.0150000000000001 or 0.29 × 100 =
 * 28.999999999999996 on the wrong side of a rounding or truncation boundary, so the formulas use
 * these helpers instead. JavaScript's `String(number)` yields the same shortest round-trip digits
 * as the reference's float-to-decimal conversion, so the two agree to the unit.
 *
 * Values are `digits × 10^-scale` with a BigInt `digits`; a settlement needs a handful of
 * operations on numbers of a few dozen digits, a few microseconds at most.
 */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

export const DECIMAL_ZERO: Decimal = Object.freeze({ digits: 0n, scale: 0 });

const POWERS: bigint[] = [1n];
function pow10(exponent: number): bigint {
  while (POWERS.length <= exponent) POWERS.push(POWERS[POWERS.length - 1]! * 10n);
  return POWERS[exponent]!;
}

/**
 * The shortest decimal that round-trips to `value` (`String(value)` digits, exponent form
 * included). A non-finite value becomes zero: callers validate their inputs, and a pricing
 * computation must never throw in the middle of a settlement.
 */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value) || value === 0) return DECIMAL_ZERO;
  if (Number.isSafeInteger(value)) return { digits: BigInt(value), scale: 0 };
  const text = String(value);
  const exponentAt = text.search(/e/i);
  const mantissa = exponentAt < 0 ? text : text.slice(0, exponentAt);
  const exponent = exponentAt < 0 ? 0 : Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const fraction = point < 0 ? '' : mantissa.slice(point + 1);
  const digits = BigInt(point < 0 ? mantissa : mantissa.slice(0, point) + fraction);
  const scale = fraction.length - exponent;
  return scale >= 0 ? { digits, scale } : { digits: digits * pow10(-scale), scale: 0 };
}

/** `a × b`, exactly. */
export function multiply(a: Decimal, b: Decimal): Decimal {
  return { digits: a.digits * b.digits, scale: a.scale + b.scale };
}

/** `a + b`, exactly. */
export function add(a: Decimal, b: Decimal): Decimal {
  if (a.scale === b.scale) return { digits: a.digits + b.digits, scale: a.scale };
  if (a.scale > b.scale) return { digits: a.digits + b.digits * pow10(a.scale - b.scale), scale: a.scale };
  return { digits: a.digits * pow10(b.scale - a.scale) + b.digits, scale: b.scale };
}

/** The product of numbers, exactly (each number taken as its shortest decimal). */
export function productOf(...values: number[]): Decimal {
  let result: Decimal = { digits: 1n, scale: 0 };
  for (const value of values) result = multiply(result, decimalFromNumber(value));
  return result;
}

/** The sum of decimals, exactly. */
export function sumOf(...values: Decimal[]): Decimal {
  let result = DECIMAL_ZERO;
  for (const value of values) result = add(result, value);
  return result;
}

/** Rounds to an integer, halves away from zero (the reference's `Round(0)`). */
export function roundHalfAwayFromZero(value: Decimal): number {
  if (value.scale === 0) return Number(value.digits);
  const unit = pow10(value.scale);
  const quotient = value.digits / unit;
  const remainder = value.digits % unit;
  const doubled = (remainder < 0n ? -remainder : remainder) * 2n;
  if (doubled < unit) return Number(quotient);
  return Number(value.digits < 0n ? quotient - 1n : quotient + 1n);
}

/** Drops the fraction (the reference's `int(x)` conversion: towards zero). */
export function truncate(value: Decimal): number {
  if (value.scale === 0) return Number(value.digits);
  return Number(value.digits / pow10(value.scale));
}
