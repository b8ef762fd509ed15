import { ChannelCircuits, type CircuitSettings, type CircuitTransition, DEFAULT_CIRCUIT_SETTINGS } from './circuit-breaker';

const SETTINGS: CircuitSettings = {
  ...DEFAULT_CIRCUIT_SETTINGS,
  consecutiveFailures: 3,
  failureRate: 0.5,
  minimumRequests: 10,
  windowMs: 60_000,
  cooldownMs: 1_000,
  maxCooldownMs: 8_000,
  probeTimeoutMs: 5_000,
};

function setup(settings: CircuitSettings = SETTINGS) {
  let now = 1_000_000;
  const published: CircuitTransition[] = [];
  const circuits = new ChannelCircuits(settings, (t) => published.push(t), () => now);
  const fail = (id: number, extra: { retryAfterSeconds?: number } = {}) => {
    const ticket = circuits.acquire(id, true)!;
    circuits.failed(ticket, { reason: '500 boom', ...extra });
    return ticket;
  };
  const succeed = (id: number) => circuits.succeeded(circuits.acquire(id, true)!);
  return { circuits, published, fail, succeed, advance: (ms: number) => (now += ms), now: () => now };
}

describe('ChannelCircuits', () => {
  it('opens after the consecutive failures, and a success in between resets the count', () => {
    const { circuits, fail, succeed, published } = setup();
    fail(1);
    fail(1);
    succeed(1);
    fail(1);
    fail(1);
    expect(circuits.view(1)).toMatchObject({ state: 'closed', consecutiveFailures: 2 });
    expect(circuits.available(1)).toBe(true);
    fail(1);
    expect(circuits.view(1)).toMatchObject({ state: 'open', reason: '500 boom' });
    expect(circuits.available(1)).toBe(false);
    expect(circuits.acquire(1)).toBeUndefined();
    expect(published.map((t) => t.state)).toEqual(['open']);
    // Other channels are untouched.
    expect(circuits.available(2)).toBe(true);
  });

  it('opens on the failure rate over the window once it holds enough calls, and the window rolls over', () => {
    const { circuits, fail, succeed, advance } = setup({ ...SETTINGS, consecutiveFailures: 0 });
    for (let i = 0; i < 4; i++) {
      fail(1);
      succeed(1);
    }
    fail(1); // 5 of 9: below the minimum number of calls
    expect(circuits.view(1).state).toBe('closed');
    advance(60_000); // a new window: the old calls no longer count
    for (let i = 0; i < 4; i++) {
      succeed(1);
      fail(1);
    }
    succeed(1);
    expect(circuits.view(1).state).toBe('closed'); // 4 of 9
    fail(1); // 5 of 10 = 50 %
    expect(circuits.view(1).state).toBe('open');
  });

  it('lets exactly one probe through after the cool-down; its success closes the breaker', () => {
    const { circuits, fail, advance, published } = setup();
    for (let i = 0; i < 3; i++) fail(1);
    advance(999);
    expect(circuits.available(1)).toBe(false);
    advance(1);
    expect(circuits.available(1)).toBe(true);
    const probe = circuits.acquire(1)!;
    expect(probe).toEqual({ channelId: 1, probe: true });
    expect(circuits.view(1).state).toBe('half-open');
    expect(circuits.available(1)).toBe(false);
    expect(circuits.acquire(1)).toBeUndefined(); // one probe only
    circuits.succeeded(probe);
    expect(circuits.view(1)).toMatchObject({ state: 'closed', reason: '', retryAt: 0, consecutiveFailures: 0 });
    expect(published.map((t) => t.state)).toEqual(['open', 'half-open', 'closed']);
  });

  it('reopens on a failed probe with a doubled cool-down, up to the maximum', () => {
    const { circuits, fail, advance, now } = setup();
    for (let i = 0; i < 3; i++) fail(1);
    let cooldown = 1_000;
    for (const expected of [2_000, 4_000, 8_000, 8_000]) {
      advance(cooldown);
      const probe = circuits.acquire(1)!;
      circuits.failed(probe, { reason: '503 still down' });
      expect(circuits.view(1)).toMatchObject({ state: 'open', reason: '503 still down', retryAt: now() + expected });
      cooldown = expected;
    }
  });

  it("waits out the provider's Retry-After: it opens at once and for that long", () => {
    const { circuits, fail, now } = setup();
    fail(1, { retryAfterSeconds: 20 });
    expect(circuits.view(1)).toMatchObject({ state: 'open', retryAt: now() + 20_000 });
  });

  it('hands an abandoned probe on to the next request, and a lost one expires', () => {
    const { circuits, fail, advance } = setup();
    for (let i = 0; i < 3; i++) fail(1);
    advance(1_000);
    const probe = circuits.acquire(1)!;
    circuits.released(probe);
    expect(circuits.view(1).state).toBe('open');
    expect(circuits.available(1)).toBe(true);
    circuits.acquire(1); // taken, and never reported back
    expect(circuits.available(1)).toBe(false);
    advance(5_000);
    expect(circuits.available(1)).toBe(true);
    expect(circuits.acquire(1)?.probe).toBe(true);
  });

  it('gives a forced ticket when no other channel can serve: its failure changes nothing, its answer closes the breaker', () => {
    const { circuits, fail, published, now } = setup();
    for (let i = 0; i < 3; i++) fail(1);
    expect(circuits.acquire(1)).toBeUndefined();
    const forced = circuits.acquire(1, true)!;
    expect(forced.probe).toBe(false);
    circuits.failed(forced, { reason: '500 again' });
    // Still the first opening: no new cool-down, no event per failed request.
    expect(circuits.view(1)).toMatchObject({ state: 'open', reason: '500 boom', retryAt: now() + 1_000 });
    expect(published).toHaveLength(1);
    circuits.succeeded(circuits.acquire(1, true)!);
    expect(circuits.view(1).state).toBe('closed');
  });

  it("applies the other replicas' transitions, ignoring ones older than what it knows", () => {
    const a = setup();
    const b = setup();
    for (let i = 0; i < 3; i++) a.fail(1);
    for (const transition of a.published) b.circuits.apply(transition);
    expect(b.circuits.view(1)).toMatchObject({ state: 'open', reason: '500 boom' });
    expect(b.circuits.available(1)).toBe(false);
    const stale: CircuitTransition = { channelId: 1, state: 'closed', reason: '', retryAt: 0, at: a.published[0]!.at - 1 };
    b.circuits.apply(stale);
    expect(b.circuits.view(1).state).toBe('open');
    // Replica A's probe: B holds back while it runs and closes with it.
    a.advance(1_000);
    b.advance(1_000);
    const probe = a.circuits.acquire(1)!;
    b.circuits.apply(a.published.at(-1)!);
    expect(b.circuits.available(1)).toBe(false);
    a.circuits.succeeded(probe);
    b.circuits.apply(a.published.at(-1)!);
    expect(b.circuits.view(1).state).toBe('closed');
    expect(b.circuits.available(1)).toBe(true);
    expect(b.circuits.openCircuits()).toEqual([]);
  });

  it('forgets a channel on demand: closed again, nothing counted', () => {
    const { circuits, fail } = setup();
    for (let i = 0; i < 3; i++) fail(1);
    expect(circuits.view(1).state).toBe('open');
    circuits.forget(1);
    expect(circuits.view(1)).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    expect(circuits.available(1)).toBe(true);
    fail(1);
    expect(circuits.view(1)).toMatchObject({ state: 'closed', consecutiveFailures: 1 });
  });
});
