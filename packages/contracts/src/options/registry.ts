import { z } from 'zod';
import { checkOptionText, type OptionCheck } from './check';
import type { OptionSpec } from './define';
import { ACCESS_OPTIONS } from './keys/access';
import { RELAY_OPTIONS } from './keys/relay';
import { SITE_OPTIONS } from './keys/site';
import { OptionMessage } from './messages';

/**
 * Every option of the product (spec §3 "Option"), declared once: its default, rule, secrecy and
 * parser. The seed, the services' option cache, the settings writes and the console all read it.
 */
export const OPTION_REGISTRY = { ...ACCESS_OPTIONS, ...SITE_OPTIONS, ...RELAY_OPTIONS } as const;

/** The key of an option of the registry. */
export type OptionKey = keyof typeof OPTION_REGISTRY;

/** The typed value of option `K`, as its parser reads it. */
export type OptionValue<K extends OptionKey> = ReturnType<(typeof OPTION_REGISTRY)[K]['parse']>;

/** The keys whose typed value is a `T` (`OptionKeyOf<boolean>`: the switches). */
export type OptionKeyOf<T> = { [K in OptionKey]: OptionValue<K> extends T ? K : never }[OptionKey];

/** Every key of the registry. */
export const OPTION_KEYS = Object.freeze(Object.keys(OPTION_REGISTRY) as OptionKey[]);

/** Whether `key` names an option of the registry. */
export function isOptionKey(key: string): key is OptionKey {
  return Object.hasOwn(OPTION_REGISTRY, key);
}

/** The declaration of `key`, or undefined for a key that is not an option. */
export function optionSpec(key: string): OptionSpec<unknown> | undefined {
  return isOptionKey(key) ? OPTION_REGISTRY[key] : undefined;
}

/**
 * Every option's default text, as the `options` table stores it: values are text, booleans
 * `true`/`false`, JSON values JSON text. Readers overlay stored rows on it; the seed writes the
 * missing keys once so the settings pages show every value.
 */
export const DEFAULT_OPTIONS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(OPTION_KEYS.map((key) => [key, OPTION_REGISTRY[key].default])),
);

/** Option keys the suffix rule of the reference keeps secret when the registry does not know them. */
const SECRET_SUFFIX = /(Token|Secret|Key)$/;

/**
 * True when the option's value is a secret: it may be written but is never returned. A stored
 * key the registry does not know (a row of an older version) follows the reference's name rule.
 */
export function isSecretOption(key: string): boolean {
  return optionSpec(key)?.secret ?? SECRET_SUFFIX.test(key);
}

/**
 * Checks one value for option `key`: the text to store (normalised: addresses without trailing
 * slashes, numbers in plain form) or why it is refused, unknown keys included.
 */
export function checkOptionValue(key: string, value: string): OptionCheck {
  const spec = optionSpec(key);
  if (spec === undefined) return { ok: false, message: OptionMessage.unknownKey(key), code: 'unknown_option', params: { key } };
  return checkOptionText(key, value, spec.rule);
}

/**
 * The zod rule of option `key`: accepts its text and outputs it as stored; a refusal's issue
 * carries the message, and its `params` the stable code and the parts it names.
 */
export function optionSchema(key: string): z.ZodType<string, string> {
  return z.string().transform((value, context) => {
    const result = checkOptionValue(key, value);
    if (result.ok) return result.value;
    context.addIssue({ code: 'custom', message: result.message, params: { code: result.code, ...result.params } });
    return z.NEVER;
  });
}

/** Option `key`'s typed value from its stored text (the default's value when it cannot be read). */
export function parseOption<K extends OptionKey>(key: K, text: string): OptionValue<K> {
  return OPTION_REGISTRY[key].parse(text) as OptionValue<K>;
}
