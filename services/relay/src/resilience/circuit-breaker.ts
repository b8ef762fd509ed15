/**
 * One circuit breaker per channel, held in memory by every relay replica and kept in step by the
 * transitions they publish (see {@link CircuitTransition}).
 *
 * - closed: requests flow; failures are counted. `consecutiveFailures` in a row, or a failure rate
 *   of at least `failureRate` over at least `minimumRequests` calls within `windowMs`, opens it. A
 *   provider that answers 429/503 with `Retry-After` opens it at once for that long.
 * - open: routing skips the channel while another candidate can serve, until `retryAt`
 *   (the cool-down, or the provider's `Retry-After` when longer).
 * - half-open: after the cool-down exactly one request (the probe) is let through; its success
 *   closes the breaker, its failure opens it again with a doubled cool-down (up to
 *   `maxCooldownMs`). A probe that ends without a verdict (client gone, gateway-side refusal) hands
 *   the probe on to the next request. A probe claimed by a replica that never reports back
 *   (crashed) expires after `probeTimeoutMs`.
 */

/** The state of one channel's breaker. */
export type CircuitState = 'closed' | 'open' | 'half-open';

/** How the breaker counts and waits. */
export interface CircuitSettings {
  /** Failures in a row that open the breaker; 0 turns the consecutive rule off. */
  readonly consecutiveFailures: number;
  /** Share of failed calls (0–1) within the window that opens it; 0 turns the rate rule off. */
  readonly failureRate: number;
  /** Calls the window must hold before the rate rule applies. */
  readonly minimumRequests: number;
  readonly windowMs: number;
  /** First cool-down after opening. */
  readonly cooldownMs: number;
  /** Longest cool-down, reached by doubling after each failed probe. */
  readonly maxCooldownMs: number;
  /** How long a claimed probe blocks others before it counts as lost. */
  readonly probeTimeoutMs: number;
}

export const DEFAULT_CIRCUIT_SETTINGS: CircuitSettings = Object.freeze({
  consecutiveFailures: 5,
  failureRate: 0.5,
  minimumRequests: 20,
  windowMs: 60_000,
  cooldownMs: 30_000,
  maxCooldownMs: 600_000,
  probeTimeoutMs: 120_000,
});

/** A state change, as published to (and applied from) the other replicas. */
export interface CircuitTransition {
  readonly channelId: number;
  readonly state: CircuitState;
  /** Why it opened (the last failure); empty when it closed. */
  readonly reason: string;
  /** Epoch ms when an open breaker admits its probe; when a half-open probe expires. */
  readonly retryAt: number;
  /** Epoch ms of the change. */
  readonly at: number;
}

/** One channel's breaker as `/api` and the console show it. */
export interface CircuitView {
  readonly channelId: number;
  readonly state: CircuitState;
  readonly reason: string;
  /** Epoch ms the breaker last changed state (0: never). */
  readonly since: number;
  /** Epoch ms the next probe is allowed (open), or the probe expires (half-open); 0 when closed. */
  readonly retryAt: number;
  /** Failures in a row right now. */
  readonly consecutiveFailures: number;
}

/** Permission to send one attempt to a channel; hand it back with the attempt's outcome. */
export interface CircuitTicket {
  readonly channelId: number;
  /** This attempt is the half-open probe: its outcome closes or reopens the breaker. */
  readonly probe: boolean;
}

/** What a failed attempt tells the breaker. */
export interface CircuitFailure {
  readonly reason: string;
  /** The provider's `Retry-After`, in seconds. */
  readonly retryAfterSeconds?: number;
}

interface Circuit {
  state: CircuitState;
  reason: string;
  since: number;
  retryAt: number;
  cooldownMs: number;
  consecutive: number;
  windowStart: number;
  calls: number;
  failures: number;
  /** This replica holds the half-open probe. */
  probing: boolean;
}

/** Where transitions go (the bus, in production). */
export type TransitionSink = (transition: CircuitTransition) => void;

/** The breakers of every channel this replica has seen fail. */
export class ChannelCircuits {
  private readonly circuits = new Map<number, Circuit>();

  constructor(
    private readonly settings: CircuitSettings = DEFAULT_CIRCUIT_SETTINGS,
    private readonly publish: TransitionSink = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether routing may pick the channel: closed, or open with its cool-down over and no probe
   * running anywhere. Pure: picking does not claim the probe, {@link acquire} does.
   */
  available(channelId: number): boolean {
    const circuit = this.circuits.get(channelId);
    if (!circuit || circuit.state === 'closed') return true;
    return this.now() >= circuit.retryAt;
  }

  /**
   * A ticket for an attempt on the channel, or undefined when the breaker refuses it (open, or
   * its probe already taken). With `force`, an attempt on a refusing breaker still gets a ticket
   * (routing found no other channel, and trying beats refusing everything): its success closes
   * the breaker, its failure changes nothing (no new cool-down, no event per failed request).
   */
  acquire(channelId: number, force = false): CircuitTicket | undefined {
    const circuit = this.circuits.get(channelId);
    if (!circuit || circuit.state === 'closed') return { channelId, probe: false };
    const now = this.now();
    if (now >= circuit.retryAt) {
      circuit.state = 'half-open';
      circuit.probing = true;
      circuit.since = now;
      circuit.retryAt = now + this.settings.probeTimeoutMs;
      this.emit(channelId, circuit);
      return { channelId, probe: true };
    }
    return force ? { channelId, probe: false } : undefined;
  }

  /** The attempt got an answer that proves the channel works (2xx, or the client's own 4xx). */
  succeeded(ticket: CircuitTicket): void {
    const circuit = this.circuits.get(ticket.channelId);
    if (!circuit) return;
    if (circuit.state === 'closed') {
      circuit.consecutive = 0;
      this.count(circuit, false);
      return;
    }
    // Any answer while open or half-open is the evidence the probe looks for.
    this.close(ticket.channelId, circuit);
  }

  /** The attempt failed in a way that is the channel's (transport, timeout, 5xx, 429, 401/403). */
  failed(ticket: CircuitTicket, failure: CircuitFailure): void {
    const circuit = this.circuitOf(ticket.channelId);
    const waitMs = failure.retryAfterSeconds === undefined ? 0 : failure.retryAfterSeconds * 1000;
    if (circuit.state !== 'closed') {
      if (ticket.probe && circuit.probing) {
        circuit.probing = false;
        this.open(ticket.channelId, circuit, failure.reason, Math.min(circuit.cooldownMs * 2, this.settings.maxCooldownMs), waitMs);
      }
      return;
    }
    circuit.consecutive++;
    this.count(circuit, true);
    const { consecutiveFailures, failureRate, minimumRequests } = this.settings;
    const tripped =
      waitMs > 0 ||
      (consecutiveFailures > 0 && circuit.consecutive >= consecutiveFailures) ||
      (failureRate > 0 && circuit.calls >= minimumRequests && circuit.failures / circuit.calls >= failureRate);
    if (tripped) this.open(ticket.channelId, circuit, failure.reason, this.settings.cooldownMs, waitMs);
  }

  /** The attempt ended without a verdict (client gone, refused before any I/O): a probe is handed on. */
  released(ticket: CircuitTicket): void {
    const circuit = this.circuits.get(ticket.channelId);
    if (!circuit || !ticket.probe || !circuit.probing) return;
    circuit.probing = false;
    circuit.state = 'open';
    circuit.retryAt = this.now();
    this.emit(ticket.channelId, circuit);
  }

  /** A transition another replica published. */
  apply(transition: CircuitTransition): void {
    const circuit = this.circuitOf(transition.channelId);
    if (transition.at < circuit.since) return; // older than what this replica knows
    circuit.state = transition.state;
    circuit.reason = transition.reason;
    circuit.since = transition.at;
    circuit.retryAt = transition.retryAt;
    circuit.probing = false;
    if (transition.state === 'closed') {
      circuit.consecutive = 0;
      circuit.cooldownMs = this.settings.cooldownMs;
      this.resetWindow(circuit, this.now());
    }
  }

  /** Starts the channel over, closed with nothing counted (an admin changed it: a new key, a new address). */
  forget(channelId: number): void {
    this.circuits.delete(channelId);
  }

  /** One channel's breaker (closed for a channel never seen failing). */
  view(channelId: number): CircuitView {
    const circuit = this.circuits.get(channelId);
    if (!circuit) return { channelId, state: 'closed', reason: '', since: 0, retryAt: 0, consecutiveFailures: 0 };
    return {
      channelId,
      state: circuit.state,
      reason: circuit.reason,
      since: circuit.since,
      retryAt: circuit.state === 'closed' ? 0 : circuit.retryAt,
      consecutiveFailures: circuit.consecutive,
    };
  }

  /** Every breaker that is not closed. */
  openCircuits(): CircuitView[] {
    return [...this.circuits.keys()].map((id) => this.view(id)).filter((view) => view.state !== 'closed');
  }

  private circuitOf(channelId: number): Circuit {
    let circuit = this.circuits.get(channelId);
    if (!circuit) {
      const now = this.now();
      circuit = {
        state: 'closed',
        reason: '',
        since: 0,
        retryAt: 0,
        cooldownMs: this.settings.cooldownMs,
        consecutive: 0,
        windowStart: now,
        calls: 0,
        failures: 0,
        probing: false,
      };
      this.circuits.set(channelId, circuit);
    }
    return circuit;
  }

  private count(circuit: Circuit, failed: boolean): void {
    const now = this.now();
    if (now - circuit.windowStart >= this.settings.windowMs) this.resetWindow(circuit, now);
    circuit.calls++;
    if (failed) circuit.failures++;
  }

  private resetWindow(circuit: Circuit, now: number): void {
    circuit.windowStart = now;
    circuit.calls = 0;
    circuit.failures = 0;
  }

  private open(channelId: number, circuit: Circuit, reason: string, cooldownMs: number, waitMs: number): void {
    const now = this.now();
    circuit.state = 'open';
    circuit.reason = reason;
    circuit.since = now;
    circuit.cooldownMs = cooldownMs;
    circuit.retryAt = now + Math.max(cooldownMs, waitMs);
    this.emit(channelId, circuit);
  }

  private close(channelId: number, circuit: Circuit): void {
    circuit.state = 'closed';
    circuit.reason = '';
    circuit.since = this.now();
    circuit.retryAt = 0;
    circuit.probing = false;
    circuit.consecutive = 0;
    circuit.cooldownMs = this.settings.cooldownMs;
    this.resetWindow(circuit, circuit.since);
    this.emit(channelId, circuit);
  }

  private emit(channelId: number, circuit: Circuit): void {
    this.publish({ channelId, state: circuit.state, reason: circuit.reason, retryAt: circuit.retryAt, at: circuit.since });
  }
}
