/**
 * Programmable failures: "the next N requests matching X answer 500 / 429 / drop the connection /
 * never answer". Rules are checked in the order they were added; a rule stops matching once used
 * up.
 */
import { matchesFilter, type RequestFilter, type RequestTarget } from './request-log';

/** How a faulted request is answered. */
export type FaultResponse =
  /** An HTTP error with a Kubernetes Status body (429 gets a Retry-After header). */
  | { status: number; message?: string; retryAfterSeconds?: number }
  /** The socket is destroyed without an answer (for a watch: the stream breaks). */
  | 'drop-connection'
  /**
   * No answer until the test calls `releaseHeldRequests()` (the request is then served normally)
   * or the server stops (the connection is dropped): a network partition.
   */
  | 'hold';

/** A fault rule: which requests, how often, what answer. */
export interface FaultRule extends RequestFilter {
  respond: FaultResponse;
  /** How many matching requests fail (default 1; `Infinity` for every one until cleared). */
  times?: number;
  /** Delay before the faulted answer, ms. */
  delayMs?: number;
}

/** Handle returned for an injected rule. */
export interface InjectedFault {
  /** Matching requests this rule will still fail. */
  remaining(): number;
  /** How many requests it failed so far. */
  used(): number;
  /** Stops the rule. */
  cancel(): void;
}

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
  used: number;
}

/** The rule set consulted for every request. */
export class FaultInjector {
  private rules: ActiveRule[] = [];

  /** Adds a rule; see {@link FaultRule}. */
  inject(rule: FaultRule): InjectedFault {
    const active: ActiveRule = { rule, remaining: rule.times ?? 1, used: 0 };
    this.rules.push(active);
    return {
      remaining: () => active.remaining,
      used: () => active.used,
      cancel: () => {
        this.rules = this.rules.filter((candidate) => candidate !== active);
      },
    };
  }

  /** Shorthand: the next `times` requests matching `filter` answer `respond`. */
  failNext(filter: RequestFilter, respond: FaultResponse, times = 1): InjectedFault {
    return this.inject({ ...filter, respond, times });
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The fault for this request, if a rule matches (consumes one use of the rule). */
  take(target: RequestTarget): FaultRule | undefined {
    for (const active of this.rules) {
      const { respond: _respond, times: _times, delayMs: _delay, ...filter } = active.rule;
      if (active.remaining <= 0 || !matchesFilter(target, filter)) continue;
      active.remaining -= 1;
      active.used += 1;
      if (active.remaining <= 0) this.rules = this.rules.filter((candidate) => candidate !== active);
      return active.rule;
    }
    return undefined;
  }
}
