import { BodyBudget, bodyBudgetBytes, RequestBodyBusyError } from './body-budget';
import { bodyLimitFor, bodyLimitsOf } from './body-limits';

const MiB = 1024 * 1024;

function refusal(action: () => void): { status: number; code: string; retryAfter: number } | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    if (!(error instanceof RequestBodyBusyError)) throw error;
    return { status: error.httpStatus, code: error.code, retryAfter: error.retryAfterSeconds };
  }
}

describe('BodyBudget', () => {
  const budget = () => new BodyBudget({ budgetBytes: 10 * MiB, largeBytes: MiB, largePerOwner: 2 });

  it('counts small bodies and never refuses them, even past the budget', () => {
    const b = budget();
    const charges = Array.from({ length: 30 }, (_, i) => {
      const charge = b.open(i % 2);
      charge.grow(MiB);
      return charge;
    });
    expect(b.stats()).toEqual({ heldBytes: 30 * MiB, largeBodies: 0 });
    charges.forEach((charge) => charge.release());
    expect(b.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('caps the large bodies one owner has in flight (429 too_many_large_requests, Retry-After)', () => {
    const b = budget();
    const first = b.open(7);
    first.grow(2 * MiB);
    const second = b.open(7);
    second.grow(2 * MiB);
    const third = b.open(7);
    expect(refusal(() => third.grow(2 * MiB))).toEqual({ status: 429, code: 'too_many_large_requests', retryAfter: 2 });
    // Refused: it holds nothing; the owner's small bodies and other owners' large ones still go.
    expect(third.bytes).toBe(0);
    third.grow(MiB);
    b.open(8).grow(2 * MiB);
    expect(b.stats()).toEqual({ heldBytes: 7 * MiB, largeBodies: 3 });
    first.release();
    b.open(7).grow(2 * MiB);
  });

  it('refuses a large body that does not fit in the budget (429 relay_busy), counting small bodies held', () => {
    const b = budget();
    const small = Array.from({ length: 5 }, (_, i) => b.open(100 + i));
    small.forEach((charge) => charge.grow(MiB));
    const a = b.open(1);
    a.grow(4 * MiB);
    expect(refusal(() => b.open(2).grow(2 * MiB))).toMatchObject({ status: 429, code: 'relay_busy' });
    expect(b.stats()).toEqual({ heldBytes: 9 * MiB, largeBodies: 1 });
    small.forEach((charge) => charge.release());
    const c = b.open(2);
    c.grow(2 * MiB);
    expect(b.stats()).toEqual({ heldBytes: 6 * MiB, largeBodies: 2 });
  });

  it('lets one body larger than the budget through when nothing else is held', () => {
    const b = budget();
    const huge = b.open(1);
    huge.grow(30 * MiB);
    expect(refusal(() => b.open(2).grow(2 * MiB))).toMatchObject({ code: 'relay_busy' });
    huge.release();
    expect(b.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('grows a body of unknown length as it arrives; it becomes large when it passes the threshold', () => {
    const b = budget();
    const charge = b.open(1);
    for (let size = 256 * 1024; size <= 9 * MiB; size += 256 * 1024) charge.grow(size);
    expect(b.stats()).toEqual({ heldBytes: 9 * MiB, largeBodies: 1 });
    const other = b.open(2);
    other.grow(512 * 1024);
    expect(refusal(() => other.grow(2 * MiB))).toMatchObject({ code: 'relay_busy' });
    // settle sets the real size (a decoded body), refusing nothing.
    charge.settle(3 * MiB);
    expect(b.stats()).toEqual({ heldBytes: 3.5 * MiB, largeBodies: 1 });
    charge.release();
    charge.release();
    other.release();
    expect(b.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('defaults the budget to an eighth of the heap limit', () => {
    expect(bodyBudgetBytes(0, 304 * MiB)).toBe(38 * MiB);
    expect(bodyBudgetBytes(100, 304 * MiB)).toBe(100 * MiB);
  });
});

describe('body limits per endpoint', () => {
  const limits = bodyLimitsOf({ maxRequestBodyMb: 32, maxChatBodyMb: 16, maxJsonBodyMb: 8 });

  it.each([
    ['chat/completions', 16],
    ['messages', 16],
    ['messages/count_tokens', 16],
    ['embeddings', 8],
    ['completions', 8],
    ['moderations', 8],
    ['rerank', 8],
    ['images/generations', 8],
    ['audio/speech', 8],
    ['audio/transcriptions', 32],
    ['audio/translations', 32],
  ] as const)('%s takes %d MiB', (operation, mb) => {
    expect(bodyLimitFor(operation, limits)).toBe(mb * MiB);
  });

  it('keeps MAX_REQUEST_BODY_MB the ceiling of every endpoint', () => {
    expect(bodyLimitsOf({ maxRequestBodyMb: 1, maxChatBodyMb: 16, maxJsonBodyMb: 8 })).toEqual({
      chatBytes: MiB,
      jsonBytes: MiB,
      uploadBytes: MiB,
    });
  });
});
