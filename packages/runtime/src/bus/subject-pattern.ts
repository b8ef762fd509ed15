import { ValidationError } from '../errors';
import { type BusRegistry, EVENT_PREFIX, type EventSubjectOf, type SubjectRegistry } from './registry';

/**
 * NATS subject patterns, at run time and at the type level. Tokens are separated by `.`; `*`
 * matches exactly one token and `>` (last token only) matches one or more tokens.
 */

/** A subscription pattern for events: a declared event subject or a wildcard below `modelgate.evt.`. */
export type EventPattern<R extends BusRegistry> = EventSubjectOf<R> | `modelgate.evt.${string}`;

type Tokens<S extends string> = S extends `${infer Head}.${infer Tail}` ? [Head, ...Tokens<Tail>] : [S];

type TokensMatch<P extends string[], S extends string[]> = P extends ['>']
  ? S extends [string, ...string[]]
    ? true
    : false
  : P extends [infer PH extends string, ...infer PT extends string[]]
    ? S extends [infer SH extends string, ...infer ST extends string[]]
      ? PH extends '*' | SH
        ? TokensMatch<PT, ST>
        : false
      : false
    : S extends []
      ? true
      : false;

/**
 * The members of `U` (declared event subjects) that pattern `P` matches, e.g.
 * `SubjectsMatching<'modelgate.evt.config.>', EventSubjectOf<R>>` is the union of the config events.
 */
export type SubjectsMatching<P extends string, U extends string> = U extends unknown
  ? TokensMatch<Tokens<P>, Tokens<U>> extends true
    ? U
    : never
  : never;

const TOKEN = /^[^\s.*>]+$/;

/** True when `pattern` is a well-formed subject or wildcard pattern. */
export function isValidPattern(pattern: string): boolean {
  const tokens = pattern.split('.');
  return tokens.every(
    (token, index) => TOKEN.test(token) || token === '*' || (token === '>' && index === tokens.length - 1),
  );
}

/** True when `subject` is a well-formed concrete subject (no wildcards). */
export function isValidSubject(subject: string): boolean {
  return subject.split('.').every((token) => TOKEN.test(token));
}

/** True when concrete `subject` matches `pattern`. */
export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

/**
 * Throws a ValidationError unless `pattern` is a valid event pattern that matches at least one
 * declared event subject (which catches typos such as `modelgate.evt.confg.>`).
 */
export function assertEventPattern(registry: SubjectRegistry, pattern: string): void {
  const options = { code: 'invalid_subject' };
  if (!pattern.startsWith(EVENT_PREFIX) || !isValidPattern(pattern)) {
    throw new ValidationError(`not an event subject pattern: ${JSON.stringify(pattern)}`, options);
  }
  if (!registry.eventSubjects().some((subject) => subjectMatches(pattern, subject))) {
    throw new ValidationError(`${JSON.stringify(pattern)} matches no declared event subject`, options);
  }
}
