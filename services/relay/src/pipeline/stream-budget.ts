import { settleQuota } from '@modelgate/pricing';
import { type AppError, type Logger, newRequestId, QuotaExceededError } from '@modelgate/runtime';
import type { Admission, AdmissionRequest, QuotaAdmitter } from '../admission';
import { codecFor } from '../protocols/codecs';
import type { InboundProtocol } from '../protocols/request';
import type { StreamEnd, StreamParser, StreamSummary } from '../providers/types';
import type { PricedRequest } from './pricing-step';

/** Upstream bytes between two looks at a stream's running cost (a look costs a walk over its text). */
export const BUDGET_CHECK_BYTES = 16 * 1024;
/** Characters a token is taken to hold when a stream's running cost is estimated (the charge itself is counted exactly). */
const CHARS_PER_TOKEN = 3;

/** What a {@link StreamBudget} holds more quota with, and for whom. */
export interface StreamBudgetDeps {
  readonly admitter: Pick<QuotaAdmitter, 'admit' | 'refund'>;
  readonly logger: Logger;
  /** The caller, as its first admission named it (the id and estimate are the budget's own). */
  readonly owner: Omit<AdmissionRequest, 'requestId' | 'estimate'>;
  readonly priced: Pick<PricedRequest, 'pricing' | 'estimate'>;
  /** Prompt tokens as admission estimated them. */
  readonly promptTokens: number;
  /** The admission of the request itself. */
  readonly first: Admission;
}

/**
 * The balance behind a streamed answer (docs/adr/0025), by the rule that cuts a Realtime session:
 * while the answer's running cost stays within what is held for it, nothing happens; once it passes,
 * one more hold is admitted like any request's (the size of the running cost, so holds double), and
 * when admission refuses — the balance no longer covers it — the stream is to end with the refusal
 * as the client protocol's error event, charged for what it delivered. Holds are refunded once the
 * answer's own usage record is published: they only prove the balance covers what is streamed.
 * The running cost is estimated from the characters relayed, every {@link BUDGET_CHECK_BYTES}.
 */
export class StreamBudget {
  private held: number;
  private sinceCheck = 0;
  private readonly extra: Array<{ requestId: string; admission: Admission }> = [];
  private stopped = false;

  constructor(private readonly deps: StreamBudgetDeps) {
    this.held = deps.first.reserved;
  }

  /** Counts relayed bytes; true when the running cost is due for a look ({@link check}). */
  due(bytes: number): boolean {
    if (this.stopped) return false;
    this.sinceCheck += bytes;
    return this.sinceCheck >= BUDGET_CHECK_BYTES;
  }

  /** Looks at the running cost; resolves to the refusal that must end the stream, else undefined. */
  async check(relay: Pick<StreamParser, 'deliveredChars'>): Promise<AppError | undefined> {
    this.sinceCheck = 0;
    if (!relay.deliveredChars) {
      this.stopped = true;
      return undefined;
    }
    const completionTokens = Math.ceil(relay.deliveredChars() / CHARS_PER_TOKEN);
    const cost = settleQuota(this.deps.priced.pricing, { kind: 'text', promptTokens: this.deps.promptTokens, completionTokens }).quota;
    if (cost <= this.held) return undefined;
    const requestId = newRequestId();
    const estimate = Math.max(cost, this.deps.priced.estimate, 1);
    try {
      const admission = await this.deps.admitter.admit({ ...this.deps.owner, requestId, estimate });
      this.extra.push({ requestId, admission });
      this.held += admission.reserved;
      return undefined;
    } catch (error) {
      if (error instanceof QuotaExceededError) {
        return new QuotaExceededError(`the answer was stopped because the balance no longer covers it: ${error.message}`, { code: error.code });
      }
      // Billing out of reach is no proof the balance is spent: the answer goes on, unwatched.
      this.deps.logger.warn({ err: error }, 'cannot hold more quota for a streamed answer; no longer watching its balance');
      this.stopped = true;
      return undefined;
    }
  }

  /** Gives back the extra holds (call once the answer's usage record is published, or it failed). */
  async release(): Promise<void> {
    const extra = this.extra.splice(0);
    for (const { requestId, admission } of extra) await this.deps.admitter.refund(requestId, admission);
  }
}

/**
 * A stream relay that the gateway can end with a reason of its own ({@link StreamEnd.reason}): the
 * relay's tail is replaced by the client protocol's error event carrying it (an `error` chunk,
 * Anthropic's `error` event, Gemini's error object, the Responses `error` event), after a blank
 * line that ends any event the client got in part.
 */
export function endableWithReason(relay: StreamParser, protocol: InboundProtocol): StreamParser {
  return {
    push: (chunk) => relay.push(chunk),
    ...(relay.deliveredChars ? { deliveredChars: () => relay.deliveredChars!() } : {}),
    finish(end?: StreamEnd): { rest: Uint8Array; summary: StreamSummary } {
      if (!end?.reason) return relay.finish(end);
      const { summary } = relay.finish({ interrupted: true });
      const codec = codecFor(protocol);
      return { rest: Buffer.from(`\n\n${codec.encodeEvent(codec.streamError(end.reason))}`), summary };
    },
  };
}
