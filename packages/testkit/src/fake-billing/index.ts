import type { BillingServiceDefinition } from '@modelgate/contracts';
import { type GrpcClient, QuotaExceededError } from '@modelgate/runtime';

/**
 * Test support for the admission tests: an in-memory stand-in for billing's `ReserveQuota` and
 * `ReleaseQuota` with one user balance, recording every call. Not used by production code.
 */

/** One call the admitter made. */
export interface RecordedCall {
  method: 'ReserveQuota' | 'ReleaseQuota';
  id: string;
  amount?: number;
}

interface Row {
  amount: number;
  status: 'reserved' | 'released';
}

export class FakeBilling {
  readonly calls: RecordedCall[] = [];
  readonly rows = new Map<string, Row>();
  /** When set, every call fails with it (e.g. an UnavailableError). */
  failure: Error | undefined;
  /** When set, calls wait for it before answering. */
  gate: Promise<void> | undefined;

  constructor(public userQuota: number) {}

  /** The fake as the typed gRPC client the admitter takes. */
  get client(): GrpcClient<BillingServiceDefinition> {
    const call = (method: string, request: Record<string, unknown>) => this.call(method, request);
    return { address: 'fake-billing', call, close: () => undefined } as unknown as GrpcClient<BillingServiceDefinition>;
  }

  /** Recorded calls of one method. */
  callsOf(method: RecordedCall['method']): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Quota held by open reservations. */
  get held(): number {
    let sum = 0;
    for (const row of this.rows.values()) if (row.status === 'reserved') sum += row.amount;
    return sum;
  }

  private async call(method: string, request: Record<string, unknown>): Promise<unknown> {
    const id = String(request.request_id);
    if (method === 'ReserveQuota') this.calls.push({ method, id, amount: Number(request.amount) });
    else if (method === 'ReleaseQuota') {
      const cap = Number(request.amount ?? 0);
      this.calls.push(cap > 0 ? { method, id, amount: cap } : { method, id });
    }
    if (this.gate) await this.gate;
    if (this.failure) throw this.failure;
    if (method === 'ReserveQuota') return this.reserve(id, Number(request.amount));
    if (method === 'ReleaseQuota') return this.release(id, Number(request.amount ?? 0));
    throw new Error(`unexpected call ${method}`);
  }

  private reserve(id: string, amount: number) {
    const existing = this.rows.get(id);
    if (existing) return { amount: String(existing.amount), replayed: true, status: existing.status };
    if (this.userQuota <= 0 || this.userQuota < amount) {
      throw new QuotaExceededError(`chat pre-consumed quota failed, user quota: ${this.userQuota}, need quota: ${amount}`, {
        code: 'insufficient_user_quota',
      });
    }
    this.userQuota -= amount;
    this.rows.set(id, { amount, status: 'reserved' });
    return { amount: String(amount), replayed: false, status: 'reserved' };
  }

  /** Refunds everything left, or at most `cap` (keeping the rest reserved) when `cap` > 0. */
  private release(id: string, cap = 0) {
    const row = this.rows.get(id);
    if (!row || row.status !== 'reserved') return { released: false, amount: '0' };
    const amount = cap > 0 ? Math.min(cap, row.amount) : row.amount;
    if (amount < row.amount) row.amount -= amount;
    else row.status = 'released';
    this.userQuota += amount;
    return { released: true, amount: String(amount) };
  }
}
