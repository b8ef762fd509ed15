import { isAppError, type Logger, newRequestId, QuotaExceededError } from '@modelgate/runtime';
import type { Admission, AdmissionRequest, QuotaAdmitter } from '../admission';
import type { UsagePublisher } from '../pipeline/usage-publisher';
import { type RealtimePrice, realtimeUsageRecord } from './realtime-pricing';
import type { FinishedResponse } from './realtime-usage';

/** Who a session is charged to, and where it runs. */
export interface RealtimeCaller {
  readonly userId: number;
  readonly tokenId: number;
  readonly tokenUnlimited: boolean;
  readonly group: string;
  readonly channelId: number;
  /** Every channel tried when the session opened, its own last. */
  readonly usedChannels: readonly number[];
  readonly upstreamModel: string;
}

/** Whose balances a hold is taken from. */
export type HoldOwner = Pick<RealtimeCaller, 'userId' | 'tokenId' | 'tokenUnlimited'>;

/** The balances admission sizes its holds from, as the relay's cache has them now. */
export interface BalanceHints {
  readonly userQuota: number;
  readonly tokenRemain: number;
}

/** What a meter needs: admission (holds and refunds) and the usage publisher (records to billing). */
export interface RealtimeMeterDeps {
  readonly admitter: Pick<QuotaAdmitter, 'admit' | 'refund'>;
  readonly usage: Pick<UsagePublisher, 'add'>;
  readonly logger: Logger;
  /** The cached balances when the next response is admitted. */
  readonly hints: () => Promise<BalanceHints>;
  /** Milliseconds clock. */
  readonly now?: () => number;
}

/** A response's hold: its id (the usage record's) and the admission behind it. */
interface Hold {
  readonly requestId: string;
  readonly admission: Admission;
}

/**
 * Charges a Realtime session response by response. The session always holds the estimate of its
 * next response, admitted like any relayed request: the first when the session opens, each next
 * one as soon as the previous response's `response.done` is settled. Every `response.done` with
 * usage becomes its own usage record against the hold (billing settles it exactly once, by the
 * hold's id), so a long session is charged as it goes. When the next hold is refused, the refusal
 * is handed back and the session is to be closed; when the session ends, its unused hold is
 * refunded. Work is done one event at a time, in order.
 */
export class RealtimeMeter {
  private hold: Hold | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private responseStartedAt: number;
  private firstEventAt: number | undefined;
  private readonly now: () => number;

  constructor(
    private readonly deps: RealtimeMeterDeps,
    private readonly price: RealtimePrice,
    private readonly caller: RealtimeCaller,
    first: Hold,
  ) {
    this.now = deps.now ?? Date.now;
    this.hold = first;
    this.responseStartedAt = this.now();
  }

  /** Admits the first hold of a session (throws as admission does: 403 without quota, 503 without billing). */
  static async admitFirst(admitter: Pick<QuotaAdmitter, 'admit'>, price: RealtimePrice, caller: HoldOwner, hints: BalanceHints): Promise<Hold> {
    const requestId = newRequestId();
    return { requestId, admission: await admitter.admit(admissionRequest(requestId, price, caller, hints)) };
  }

  /** A server event arrived (the first of a response times its `frt`). */
  serverEvent(): void {
    this.firstEventAt ??= this.now();
  }

  /**
   * Settles a finished response and admits the next one. Resolves to the admission's refusal when
   * the balance no longer covers another response (or billing could not be reached), else undefined.
   */
  responseDone(finished: FinishedResponse): Promise<Error | undefined> {
    const work = this.queue.then(() => this.settle(finished));
    this.queue = work.catch(() => undefined);
    return work;
  }

  /** Refunds the hold no response used; call once the session is over. */
  async end(): Promise<void> {
    await this.queue;
    const hold = this.hold;
    this.hold = undefined;
    if (hold) await this.deps.admitter.refund(hold.requestId, hold.admission);
  }

  private async settle(finished: FinishedResponse): Promise<Error | undefined> {
    if (!finished.usage) return undefined;
    const at = this.now();
    const hold = this.hold ?? { requestId: newRequestId(), admission: { reserved: 0 } };
    this.hold = undefined;
    this.deps.usage.add(
      realtimeUsageRecord(
        this.price.pricing,
        finished.usage,
        {
          requestId: hold.requestId,
          userId: this.caller.userId,
          tokenId: this.caller.tokenId,
          group: this.caller.group,
          channelId: this.caller.channelId,
          usedChannels: this.caller.usedChannels,
          upstreamModel: this.caller.upstreamModel,
          startedAt: this.responseStartedAt,
          firstResponseAt: this.firstEventAt,
          reserved: hold.admission.reserved,
          ...(hold.admission.leaseId ? { leaseId: hold.admission.leaseId } : {}),
        },
        at,
      ),
    );
    this.responseStartedAt = at;
    this.firstEventAt = undefined;
    try {
      this.hold = await RealtimeMeter.admitFirst(this.deps.admitter, this.price, this.caller, await this.deps.hints());
      return undefined;
    } catch (error) {
      if (!(error instanceof QuotaExceededError)) this.deps.logger.warn({ err: error }, 'realtime session could not hold its next response');
      return isAppError(error) ? error : error instanceof Error ? error : new Error(String(error));
    }
  }
}

function admissionRequest(requestId: string, price: RealtimePrice, caller: HoldOwner, hints: BalanceHints): AdmissionRequest {
  return {
    requestId,
    userId: caller.userId,
    tokenId: caller.tokenId,
    tokenUnlimited: caller.tokenUnlimited,
    estimate: price.estimate,
    userQuotaHint: hints.userQuota,
    tokenRemainHint: hints.tokenRemain,
  };
}
