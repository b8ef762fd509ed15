import { type OptionRule, optionSpec, OPTION_KEYS } from '@modelgate/contracts/options';

export type { JsonShape, OptionRule } from '@modelgate/contracts/options';

/**
 * The rule of `key` as the option registry declares it (`@modelgate/contracts/options`), or
 * undefined for a key that is not an option.
 */
export function optionRule(key: string): OptionRule | undefined {
  return optionSpec(key)?.rule;
}

/** Every key that has a rule (for the test that compares them with the defaults). */
export function ruledKeys(): string[] {
  return [...OPTION_KEYS];
}
