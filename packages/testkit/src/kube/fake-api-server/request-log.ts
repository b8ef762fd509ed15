/**
 * The request log tests inspect: every request the fake answered, with its Kubernetes verb, the
 * resource it addressed, the parsed body and the status code sent.
 */
import type { KubeVerb } from './types';

/** What the router understood of a request (also what fault rules match on). */
export interface RequestTarget {
  verb: KubeVerb;
  method: string;
  /** URL path without the query string. */
  path: string;
  query: Record<string, string>;
  group?: string;
  version?: string;
  /** The resource's plural, e.g. `channels`, `leases`. */
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/** One answered request. */
export interface LoggedRequest extends RequestTarget {
  /** Parsed JSON body (undefined when there was none). */
  body?: unknown;
  contentType?: string;
  /** HTTP status sent; 0 when the connection was dropped or left hanging. */
  status: number;
  /** True when an injected fault produced the answer. */
  injectedFault: boolean;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
}

/** Fields a log query can match exactly. */
export type RequestFilter = Partial<Pick<LoggedRequest, 'verb' | 'method' | 'group' | 'resource' | 'subresource' | 'namespace' | 'name' | 'status' | 'injectedFault'>> & {
  /** Matches `path` by substring or pattern. */
  path?: string | RegExp;
};

/** Matches a target against a filter (undefined filter fields match anything; `subresource: ''` means none). */
export function matchesFilter(target: Partial<LoggedRequest>, filter: RequestFilter): boolean {
  for (const [field, expected] of Object.entries(filter)) {
    if (expected === undefined) continue;
    if (field === 'path') {
      const path = target.path ?? '';
      if (expected instanceof RegExp ? !expected.test(path) : !path.includes(expected as string)) return false;
    } else if (field === 'subresource' && expected === '') {
      if (target.subresource) return false;
    } else if ((target as Record<string, unknown>)[field] !== expected) {
      return false;
    }
  }
  return true;
}

/** Append-only list of answered requests. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Records one request (called by the server). */
  add(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  /** The requests that match the filter, oldest first. */
  find(filter: RequestFilter = {}): LoggedRequest[] {
    return this.entries.filter((entry) => matchesFilter(entry, filter));
  }

  /** How many requests match the filter. */
  count(filter: RequestFilter = {}): number {
    return this.find(filter).length;
  }

  /** Forgets everything logged so far. */
  clear(): void {
    this.entries = [];
  }
}
