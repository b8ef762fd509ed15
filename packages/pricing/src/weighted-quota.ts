import {
  type Decimal,
  DECIMAL_ZERO,
  decimalFromNumber,
  multiply,
  productOf,
  roundHalfAwayFromZero,
  sumOf,
  truncate,
} from './decimal';

/** How a weighted amount becomes whole quota units. */
export type QuotaRounding = 'round' | 'truncate';

/** A decimal whose digits are a safe integer: `digits × 10^-scale`, exact in plain numbers. */
interface SmallDecimal {
  readonly digits: number;
  readonly scale: number;
}

/** Largest power of ten that is a safe integer. */
const MAX_SMALL_SCALE = 15;
const POWERS = Array.from({ length: MAX_SMALL_SCALE + 1 }, (_, exponent) => 10 ** exponent);

/** Ratios seen so far, as small decimals (null: too long for one); a handful in practice. */
const smallRatios = new Map<number, SmallDecimal | null>();
const SMALL_RATIOS_LIMIT = 4_096;

function smallOf(value: number): SmallDecimal | null {
  let small = smallRatios.get(value);
  if (small !== undefined) return small;
  const { digits, scale } = decimalFromNumber(value);
  const asNumber = Number(digits);
  small = Number.isSafeInteger(asNumber) && scale <= MAX_SMALL_SCALE ? { digits: asNumber, scale } : null;
  if (smallRatios.size >= SMALL_RATIOS_LIMIT) smallRatios.clear();
  smallRatios.set(value, small);
  return small;
}

/**
 * `round((Σ countᵢ × rateᵢ) × factorA × factorB)` — or truncated — exactly, every rate and factor
 * taken as its shortest decimal (see `decimal.ts`). `terms` alternates counts (whole tokens) and
 * their rates. The same result as the `Decimal` arithmetic, computed in plain numbers while every
 * intermediate value is a safe integer (token counts times ratios of a few digits: the common
 * case, without a BigInt allocated); else with the BigInt digits.
 */
export function weightedQuota(terms: readonly number[], factorA: number, factorB: number, rounding: QuotaRounding): number {
  const fast = smallWeighted(terms, factorA, factorB, rounding);
  return fast ?? exactWeighted(terms, factorA, factorB, rounding);
}

/** {@link weightedQuota} in plain numbers; undefined when an intermediate leaves the safe integers. */
function smallWeighted(terms: readonly number[], factorA: number, factorB: number, rounding: QuotaRounding): number | undefined {
  let digits = 0;
  let scale = 0;
  for (let i = 0; i < terms.length; i += 2) {
    const count = terms[i]!;
    if (count === 0) continue;
    const rate = smallOf(terms[i + 1]!);
    if (!rate || !Number.isSafeInteger(count)) return undefined;
    let term = count * rate.digits;
    if (!Number.isSafeInteger(term)) return undefined;
    if (rate.scale > scale) {
      digits *= POWERS[rate.scale - scale]!;
      scale = rate.scale;
    } else if (rate.scale < scale) {
      term *= POWERS[scale - rate.scale]!;
    }
    digits += term;
    if (!Number.isSafeInteger(digits) || !Number.isSafeInteger(term)) return undefined;
  }
  for (const factor of [factorA, factorB]) {
    const small = smallOf(factor);
    if (!small) return undefined;
    digits *= small.digits;
    scale += small.scale;
    if (!Number.isSafeInteger(digits) || scale > MAX_SMALL_SCALE) return undefined;
  }
  if (scale === 0) return digits;
  const unit = POWERS[scale]!;
  const remainder = digits % unit;
  const quotient = (digits - remainder) / unit;
  if (rounding === 'truncate') return quotient;
  if (Math.abs(remainder) * 2 < unit) return quotient;
  return digits < 0 ? quotient - 1 : quotient + 1;
}

/** {@link weightedQuota} with BigInt digits, for values too long for plain numbers. */
function exactWeighted(terms: readonly number[], factorA: number, factorB: number, rounding: QuotaRounding): number {
  let sum: Decimal = DECIMAL_ZERO;
  for (let i = 0; i < terms.length; i += 2) sum = sumOf(sum, productOf(terms[i]!, terms[i + 1]!));
  const total = multiply(sum, productOf(factorA, factorB));
  return rounding === 'round' ? roundHalfAwayFromZero(total) : truncate(total);
}
