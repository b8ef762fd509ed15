import { DEFAULT_OPTIONS, displaysInCurrency, type TypedOptionReader, quotaPerUnitOf } from '@modelgate/db';
import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { WalletMessage } from './wallet-messages';

/** Price of one dollar of quota when the Price option is 0 or unusable: its default (spec §9). */
export const DEFAULT_TOP_UP_PRICE = Number(DEFAULT_OPTIONS.Price);
/** Smallest top-up in dollars when MinTopUp is unusable: its default (spec §9). */
export const DEFAULT_MIN_TOP_UP = Number(DEFAULT_OPTIONS.MinTopUp);
/** Largest quota one order may credit (far below 2^53, ≈ $2 billion at the default QuotaPerUnit). */
const MAX_ORDER_QUOTA = 1_000_000_000_000_000;

/** The options that price a top-up, read once per request. */
export interface TopUpSettings {
  /** True when amounts are dollars; false when they are quota units. */
  displayInCurrency: boolean;
  quotaPerUnit: number;
  /** Money per dollar of quota. */
  price: number;
  /** Smallest amount in dollars. */
  minTopUpDollars: number;
  /** TopupGroupRatio: money multiplier per user group. */
  groupRatios: Readonly<Record<string, number>>;
}

/** The price of one top-up. */
export interface TopUpQuote {
  /** Money to pay, in cents. */
  cents: number;
  /** Money to pay with two decimals, e.g. `7.30`. */
  money: string;
  /** Quota units credited once paid. */
  quota: number;
}

/** The numeric entries of TopupGroupRatio's value. */
function groupRatiosOf(option: Readonly<Record<string, unknown>>): Record<string, number> {
  return Object.fromEntries(Object.entries(option).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** The top-up settings from the current options, with the spec's defaults for unusable values. */
export function topUpSettingsOf(options: TypedOptionReader): TopUpSettings {
  return {
    displayInCurrency: displaysInCurrency(options),
    quotaPerUnit: quotaPerUnitOf(options),
    // The rule lets Price be 0, which would give quota away: it then costs the default.
    price: options.value('Price') > 0 ? options.value('Price') : DEFAULT_TOP_UP_PRICE,
    minTopUpDollars: options.value('MinTopUp'),
    groupRatios: groupRatiosOf(options.value('TopupGroupRatio')),
  };
}

/** The smallest amount, in the unit amounts are given in (dollars, or quota units). */
export function minimumTopUp(settings: TopUpSettings): number {
  return settings.displayInCurrency
    ? settings.minTopUpDollars
    : Math.floor(settings.minTopUpDollars * settings.quotaPerUnit);
}

/** The TopupGroupRatio of a group; 1 when the group has none or a non-positive one. */
export function topUpGroupRatio(settings: TopUpSettings, group: string): number {
  const ratio = Object.hasOwn(settings.groupRatios, group) ? settings.groupRatios[group] : undefined;
  return ratio !== undefined && Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
}

/** A number as an exact decimal fraction `digits / 10^scale` (its shortest round-trip digits). */
function exactFraction(value: number): { digits: bigint; scale: number } {
  const [mantissa = '0', exponentText] = String(value).toLowerCase().split('e');
  const exponent = Number(exponentText ?? 0);
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - exponent;
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** `numerator / denominator` rounded half up (both positive). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * The money a top-up of `amount` costs a user of `group`, in exact decimal arithmetic rounded to
 * the cent: dollars × Price × TopupGroupRatio, where dollars is the amount itself, or the amount
 * divided by QuotaPerUnit when amounts are quota units.
 */
export function topUpCents(amount: number, group: string, settings: TopUpSettings): number {
  const factors = [amount, settings.price, topUpGroupRatio(settings, group)].map(exactFraction);
  let numerator = factors.reduce((product, factor) => product * factor.digits, 100n);
  let denominator = 10n ** BigInt(factors.reduce((scale, factor) => scale + factor.scale, 0));
  if (!settings.displayInCurrency) {
    const perUnit = exactFraction(settings.quotaPerUnit);
    numerator *= 10n ** BigInt(perUnit.scale);
    denominator *= perUnit.digits;
  }
  return Number(divideRounded(numerator, denominator));
}

/** Cents as money text with two decimals. */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Money text from a payment notice (`7.3`, `7.30`) in cents, or undefined when it is not a
 * plain non-negative amount with at most two decimals.
 */
export function centsOfMoneyText(text: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Prices a top-up of `amount` (a positive integer: dollars, or quota units when amounts are
 * shown in quota). Refused below the minimum (`充值数量不能小于 N`) or when the price rounds to
 * less than one cent.
 */
export function quoteTopUp(amount: number, group: string, settings: TopUpSettings): TopUpQuote {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new ValidationError(WalletMessage.amountInvalid, { code: 'invalid_top_up_amount' });
  }
  const minimum = minimumTopUp(settings);
  if (amount < minimum) {
    throw new PreconditionFailedError(WalletMessage.belowMinimum(minimum), { code: 'top_up_below_minimum' });
  }
  const quota = settings.displayInCurrency ? Math.round(amount * settings.quotaPerUnit) : amount;
  if (!Number.isSafeInteger(quota) || quota > MAX_ORDER_QUOTA) {
    throw new ValidationError(WalletMessage.amountTooLarge, { code: 'invalid_top_up_amount' });
  }
  const cents = topUpCents(amount, group, settings);
  if (cents < 1) throw new PreconditionFailedError(WalletMessage.moneyTooLow, { code: 'top_up_money_too_low' });
  return { cents, money: formatCents(cents), quota };
}
