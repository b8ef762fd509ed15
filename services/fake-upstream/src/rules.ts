// Programmed rules: behaviours queued by tests for requests they cannot put headers on (a gateway
// forwards only some headers). Rules are tried in the order they were added; the first that
// matches and has uses left applies, and a rule whose uses run out retires.
import type { FakeBehaviour, FakeBehaviourSource, FakeMatcher, FakeRequest, FakeRule, FakeRuleOptions } from './types';

class Rule implements FakeRule {
  hits = 0;
  remaining: number;

  constructor(
    private readonly book: RuleBook,
    readonly matches: (request: FakeRequest) => boolean,
    readonly behaviour: FakeBehaviourSource,
    times: number,
  ) {
    this.remaining = times;
  }

  cancel(): void {
    this.book.remove(this);
  }
}

const matchText = (want: string | RegExp | undefined, got: string | undefined): boolean =>
  want === undefined || (got !== undefined && (typeof want === 'string' ? want === got : want.test(got)));

/** Turns a matcher into a predicate; an empty matcher matches every request. */
export function compileMatcher(
  matcher: FakeMatcher | ((request: FakeRequest) => boolean),
): (request: FakeRequest) => boolean {
  if (typeof matcher === 'function') return matcher;
  const { method, path, model, apiKey, deployment, where } = matcher;
  const upperMethod = method?.toUpperCase();
  return (r) =>
    (upperMethod === undefined || r.method === upperMethod) &&
    matchText(path, r.path) &&
    matchText(model, r.model) &&
    (apiKey === undefined || r.apiKey === apiKey) &&
    (deployment === undefined || r.deployment === deployment) &&
    (where === undefined || where(r));
}

/** The ordered set of programmed rules of one fake upstream. */
export class RuleBook {
  private rules: Rule[] = [];

  /** Whether any rule is programmed (the hot path skips matching when none is). */
  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** Adds a rule after the existing ones. */
  add(
    matcher: FakeMatcher | ((request: FakeRequest) => boolean),
    behaviour: FakeBehaviourSource,
    options: FakeRuleOptions = {},
  ): FakeRule {
    const times = options.times ?? Infinity;
    if (!(times > 0)) throw new RangeError(`times must be positive, got ${times}`);
    const rule = new Rule(this, compileMatcher(matcher), behaviour, times);
    this.rules.push(rule);
    return rule;
  }

  /** Removes one rule. */
  remove(rule: FakeRule): void {
    const at = this.rules.indexOf(rule as Rule);
    if (at >= 0) this.rules.splice(at, 1);
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The behaviour of the first matching rule, counting the use; `undefined` when none matches. */
  take(request: FakeRequest): FakeBehaviour | undefined {
    for (const rule of this.rules) {
      if (!rule.matches(request)) continue;
      rule.hits += 1;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.remove(rule);
      return typeof rule.behaviour === 'function' ? rule.behaviour(request) : rule.behaviour;
    }
    return undefined;
  }
}
