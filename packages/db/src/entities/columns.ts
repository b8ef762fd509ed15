import { Column, type ColumnOptions, type ValueTransformer } from 'typeorm';

/**
 * Maps PostgreSQL `bigint` to a JS `number`.
 *
 * Why `bigint` at all: quota is counted in units of 1/500 000 USD, so a balance of $4 295 already
 * overflows a 32-bit `integer`; sums of used quota, token counts and unix-millisecond times do too.
 * Why `number` rather than the `string` that `pg` returns for int8: every value we store stays far
 * below 2^53 (≈ $18 billion of quota), the `/api` contract carries them as JSON numbers, and
 * arithmetic on strings is a bug waiting to happen. A value outside the safe-integer range is
 * refused loudly instead of being silently rounded.
 */
export const bigintToNumber: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => {
    if (value === null || value === undefined) return value;
    const parsed = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(parsed)) {
      throw new RangeError(`bigint value ${String(value)} is outside the safe integer range`);
    }
    return parsed;
  },
};

/** Column options accepted by the typed column helpers (type and transformer are fixed). */
export type TypedColumnOptions = Omit<ColumnOptions, 'type' | 'transformer'>;

/** A PostgreSQL `bigint` column read and written as a JS `number` (see {@link bigintToNumber}). */
export function BigIntColumn(options: TypedColumnOptions = {}): PropertyDecorator {
  return Column({ ...options, type: 'bigint', transformer: bigintToNumber });
}
