import { randomString } from '../users/secrets';

/** Characters of a token key (stored without its `sk-` prefix). */
export const TOKEN_KEY_LENGTH = 48;
/** Characters of the random suffix of the second and later tokens of a batch. */
export const NAME_SUFFIX_LENGTH = 6;

/**
 * A new token key: 48 letters and digits drawn uniformly (crypto `randomInt`, no modulo bias),
 * about 285 bits. Clients send it as `sk-<key>`.
 */
export const newTokenKey = (): string => randomString(TOKEN_KEY_LENGTH);

/**
 * The names of a batch of `count` tokens: `name` for the first, `name-` and 6 random letters and
 * digits for each further one (as the console names them when it creates tokens one by one).
 */
export function batchNames(name: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? name : `${name}-${randomString(NAME_SUFFIX_LENGTH)}`));
}
