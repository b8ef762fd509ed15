import { AppError, GrpcCode } from '@modelgate/runtime';

/**
 * Bounds the request bodies a relay process holds in memory at once (docs/adr/0009, "Request
 * bodies"). Every body is charged from the moment it starts being read until its request ends:
 * the body stays referenced (and its parsed payload in the heap) for the whole call, so that is
 * the memory in flight. Small bodies are only counted (the hot path is an addition and a
 * subtraction); a body above `largeBytes` — declared by `Content-Length`, or grown that large as
 * it arrives — must also find room in the process budget and a free slot of its token, else it is
 * refused with {@link RequestBodyBusyError} (429 with `Retry-After`) before more of it is read.
 */
export interface BodyBudgetOptions {
  /** Bytes of request bodies the process holds at once, beyond which large bodies are refused. */
  readonly budgetBytes: number;
  /** A body larger than this is large. */
  readonly largeBytes: number;
  /** Large bodies one owner (a token; the playground: a user) may have in flight at once. */
  readonly largePerOwner: number;
}

/** Seconds a client refused for lack of room is told to wait (`Retry-After`). */
export const BODY_RETRY_AFTER_SECONDS = 2;

/** A large body refused for lack of room: 429 in the client's protocol, with `Retry-After`. */
export class RequestBodyBusyError extends AppError {
  readonly retryAfterSeconds = BODY_RETRY_AFTER_SECONDS;

  constructor(code: 'too_many_large_requests' | 'relay_busy', message: string) {
    super(code, message, 429, GrpcCode.RESOURCE_EXHAUSTED);
  }
}

/** Who a body is charged to for the per-owner cap: a token id, or a string key of another kind of caller. */
export type BodyOwner = number | string;

const MiB = 1024 * 1024;

function describeBytes(bytes: number): string {
  return bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

/** The per-process account of request bodies in flight; one per relay. */
export class BodyBudget {
  private held = 0;
  private largeHeld = 0;
  private readonly largeByOwner = new Map<BodyOwner, number>();

  constructor(readonly options: BodyBudgetOptions) {}

  /** Opens the charge of one request's body; `release` it when the request ends. */
  open(owner: BodyOwner): BodyCharge {
    return new BodyCharge(this, owner);
  }

  /** Bytes of bodies held now, and how many of them are large (for tests and logs). */
  stats(): { heldBytes: number; largeBodies: number } {
    return { heldBytes: this.held, largeBodies: this.largeHeld };
  }

  /** @internal Raises `charge` to `total` bytes, or throws when a large body finds no room. */
  grow(charge: BodyCharge, total: number): void {
    const delta = total - charge.bytes;
    if (delta <= 0) return;
    const { budgetBytes, largeBytes, largePerOwner } = this.options;
    if (total > largeBytes) {
      if (!charge.large && (this.largeByOwner.get(charge.owner) ?? 0) >= largePerOwner) {
        throw new RequestBodyBusyError(
          'too_many_large_requests',
          `too many large requests at once: at most ${largePerOwner} request bodies over ${describeBytes(largeBytes)} per token are handled at a time; retry later`,
        );
      }
      // A body always fits when nothing else is held, so one of the endpoint's limit gets through.
      const others = this.held - charge.bytes;
      if (others > 0 && this.held + delta > budgetBytes) {
        throw new RequestBodyBusyError('relay_busy', 'the relay is handling too many large request bodies right now; retry later');
      }
      if (!charge.large) {
        charge.large = true;
        this.largeHeld++;
        this.largeByOwner.set(charge.owner, (this.largeByOwner.get(charge.owner) ?? 0) + 1);
      }
    }
    this.held += delta;
    charge.bytes = total;
  }

  /** @internal Sets `charge` to exactly `total` bytes (a decoded body's real size), refusing nothing. */
  settle(charge: BodyCharge, total: number): void {
    this.held += total - charge.bytes;
    charge.bytes = total;
  }

  /** @internal Gives back everything `charge` holds. */
  release(charge: BodyCharge): void {
    this.held -= charge.bytes;
    charge.bytes = 0;
    if (!charge.large) return;
    charge.large = false;
    this.largeHeld--;
    const count = (this.largeByOwner.get(charge.owner) ?? 1) - 1;
    if (count > 0) this.largeByOwner.set(charge.owner, count);
    else this.largeByOwner.delete(charge.owner);
  }
}

/** What one request's body holds of the {@link BodyBudget}. */
export class BodyCharge {
  /** Bytes charged now. */
  bytes = 0;
  /** Whether the body holds one of its owner's large slots. */
  large = false;

  constructor(
    private readonly budget: BodyBudget,
    readonly owner: BodyOwner,
  ) {}

  /** Raises the charge to `total` bytes (no-op when already there); throws 429 when a large body finds no room. */
  grow(total: number): void {
    if (total > this.bytes) this.budget.grow(this, total);
  }

  /** Sets the charge to exactly `total` bytes, without refusing (after decoding a compressed body). */
  settle(total: number): void {
    this.budget.settle(this, total);
  }

  /** Gives the charge back; idempotent. */
  release(): void {
    if (this.bytes !== 0 || this.large) this.budget.release(this);
  }
}

/**
 * The budget from the settings: `REQUEST_BODY_BUDGET_MB`, or when 0 an eighth of this process's V8
 * heap limit (38 MiB under the chart's `--max-old-space-size=256`: two maximal chat bodies), so
 * raising the heap raises it. A held byte of body costs about four: the Buffer (outside the heap),
 * the parsed payload, and while it is parsed the decoded string and the parser's work.
 */
export function bodyBudgetBytes(budgetMb: number, heapLimitBytes: number): number {
  return budgetMb > 0 ? budgetMb * MiB : Math.floor(heapLimitBytes / 8);
}
