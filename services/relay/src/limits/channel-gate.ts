import { setTimeout as sleep } from 'node:timers/promises';
import type { ChannelEntity } from '@modelgate/db';
import { AppError, GrpcCode } from '@modelgate/runtime';
import type { ChannelQueueSettings } from '../state/relay-options';
import { ConcurrencyQueue, type Slot, type SlotRefusal } from './concurrency-queue';
import { LimitMessages, QUEUE_RETRY_AFTER_SECONDS, TrafficLimitError } from './limit-errors';
import type { SharedWindowLimiter } from './shared-window-limiter';

/** The cap columns of a channel. */
export type ChannelCaps = Pick<ChannelEntity, 'id' | 'max_rpm' | 'max_tpm' | 'max_concurrency'>;

/** A request's hold on a channel: released once, with the tokens the call used. */
export interface ChannelPermit {
  /** Milliseconds it waited in the channel's queue. */
  readonly queueWaitMs: number;
  /** Requests ahead of it when it joined the queue. */
  readonly queueDepth: number;
  release(tokens: number): void;
}

/** Who passes a channel's caps. */
export interface ChannelCaller {
  /** Whose turn it is in the channel's fair queue. */
  readonly userId: number;
  /** The model, named in a refusal. */
  readonly model: string;
  /** Aborts a wait when the caller leaves; its signal is read only when the channel is capped. */
  readonly cancel?: { readonly signal: AbortSignal };
}

/** What {@link ChannelGate} reads. */
export interface ChannelGateDeps {
  readonly limiter: SharedWindowLimiter;
  readonly queue: () => ChannelQueueSettings;
  /** Told when a request joins a channel's queue and when it leaves it, with its wait (metrics). */
  readonly observer?: { enqueued(): void; dequeued(seconds: number): void };
}

const MINUTE_MS = 60_000;
/** How often the request at the head of a channel's rate queue looks whether its windows have room. */
const WINDOW_POLL_MS = 250;
const FREE: ChannelPermit = Object.freeze({ queueWaitMs: 0, queueDepth: 0, release: () => undefined });

/**
 * The caps of channels (docs/adr/0025): requests per minute and tokens per minute across every
 * relay replica (through the shared limit windows), and requests in flight per replica, with a
 * bounded queue fair between users when a channel is at its concurrency cap. A multi-line key
 * makes one channel per key, so these are also the per-key caps.
 */
export class ChannelGate {
  private readonly queues = new Map<number, ConcurrencyQueue>();
  private readonly turns = new Map<number, ConcurrencyQueue>();

  constructor(private readonly deps: ChannelGateDeps) {}

  /** Whether a request sent to the channel now would pass its caps without waiting. */
  hasRoom(channel: ChannelCaps): boolean {
    if (this.turns.get(channel.id)?.hasRoom() === false) return false;
    if (channel.max_rpm > 0 && !this.deps.limiter.hasRoom(`channel-rpm:${channel.id}`, channel.max_rpm, MINUTE_MS)) return false;
    if (channel.max_tpm > 0 && this.deps.limiter.overLimit(`channel-tpm:${channel.id}`, channel.max_tpm, MINUTE_MS) !== undefined) return false;
    return channel.max_concurrency <= 0 || this.queueOf(channel).hasRoom();
  }

  /** Requests in flight and waiting on a channel on this replica. */
  load(channelId: number): { active: number; queued: number } {
    const queue = this.queues.get(channelId);
    return { active: queue?.active ?? 0, queued: queue?.queued ?? 0 };
  }

  /**
   * Passes a request through the channel's caps. When its requests or tokens per minute are spent,
   * the request waits in the channel's fair queue (bounded by `ChannelQueueMaxWaiting`) until the
   * window has room, for at most `ChannelQueueTimeoutSeconds`; it is refused at once (429,
   * `Retry-After`) when the window cannot have room before then. Then it takes a concurrency slot,
   * waiting for one in the remaining time when they are all in use. `model` names the request in
   * the refusal.
   */
  async acquire(channel: ChannelCaps, caller: ChannelCaller): Promise<ChannelPermit> {
    const { limiter } = this.deps;
    const capped = channel.max_rpm > 0 || channel.max_tpm > 0 || channel.max_concurrency > 0;
    if (!capped) return FREE;
    // A capped channel may make the request wait: only then is the caller's signal needed.
    const signal = caller.cancel?.signal;
    const settings = this.deps.queue();
    const deadline = performance.now() + settings.timeoutMs;
    const rated = channel.max_rpm > 0 || channel.max_tpm > 0 ? await this.passRateCaps(channel, caller, signal, settings) : undefined;
    let slot: Slot | undefined;
    if (channel.max_concurrency > 0) {
      const { observer } = this.deps;
      const joinedAt = observer ? performance.now() : 0;
      // The wait for the windows counts against the same timeout.
      const left = rated && rated.waitedMs > 0 ? Math.max(1, Math.round(deadline - performance.now())) : settings.timeoutMs;
      observer?.enqueued();
      try {
        slot = await this.queueOf(channel).acquire(caller.userId, { ...settings, timeoutMs: left, signal });
      } catch (reason) {
        throw this.refusal(reason as SlotRefusal, caller.model, settings.timeoutMs);
      } finally {
        observer?.dequeued((performance.now() - joinedAt) / 1000);
      }
    }
    const tpmBucket = `channel-tpm:${channel.id}`;
    let released = false;
    return {
      queueWaitMs: (rated?.waitedMs ?? 0) + (slot?.waitedMs ?? 0),
      queueDepth: Math.max(rated?.queueDepth ?? 0, slot?.queueDepth ?? 0),
      release: (tokens) => {
        if (released) return;
        released = true;
        slot?.release();
        if (channel.max_tpm > 0) limiter.add(tpmBucket, channel.max_tpm, MINUTE_MS, tokens);
      },
    };
  }

  /**
   * Takes a request from the channel's per-minute windows, waiting its turn when they are spent or
   * others already wait for them: one waiter at a time (the queue's head, chosen fairly between
   * users) watches the windows and takes the first room, then hands the turn on.
   */
  private async passRateCaps(
    channel: ChannelCaps,
    caller: ChannelCaller,
    signal: AbortSignal | undefined,
    settings: ChannelQueueSettings,
  ): Promise<{ waitedMs: number; queueDepth: number }> {
    const turns = this.turnsOf(channel.id);
    if (turns.hasRoom()) {
      const retry = await this.takeRate(channel);
      if (retry === undefined) return { waitedMs: 0, queueDepth: 0 };
      if (settings.maxWaiting <= 0) throw this.rateRefusal('full', caller.model, settings, retry);
      // The window cannot have room before the timeout: no point in waiting.
      if ((retry - 1) * 1000 >= settings.timeoutMs) throw this.rateRefusal('timeout', caller.model, settings, retry);
    }
    const joinedAt = performance.now();
    const deadline = joinedAt + settings.timeoutMs;
    const { observer } = this.deps;
    observer?.enqueued();
    let turn: Slot | undefined;
    try {
      try {
        // The holder of the turn is one of the `maxWaiting` waiting.
        turn = await turns.acquire(caller.userId, { ...settings, maxWaiting: settings.maxWaiting - 1, signal });
      } catch (reason) {
        throw this.rateRefusal(reason as SlotRefusal, caller.model, settings, this.deps.limiter.secondsLeft(MINUTE_MS));
      }
      for (;;) {
        const retry = await this.takeRate(channel);
        if (retry === undefined) return { waitedMs: performance.now() - joinedAt, queueDepth: turn.queueDepth };
        const left = deadline - performance.now();
        if (left <= 0 || (retry - 1) * 1000 >= left) throw this.rateRefusal('timeout', caller.model, settings, retry);
        try {
          await sleep(Math.min(left, WINDOW_POLL_MS), undefined, { signal });
        } catch {
          throw this.refusal('aborted', caller.model, settings.timeoutMs);
        }
      }
    } finally {
      turn?.release();
      observer?.dequeued((performance.now() - joinedAt) / 1000);
    }
  }

  /** Takes one request from the channel's windows: undefined when taken, else seconds until they may have room. */
  private async takeRate(channel: ChannelCaps): Promise<number | undefined> {
    const { limiter } = this.deps;
    if (channel.max_tpm > 0) {
      const retry = limiter.overLimit(`channel-tpm:${channel.id}`, channel.max_tpm, MINUTE_MS);
      if (retry !== undefined) return retry;
    }
    if (channel.max_rpm > 0) {
      for (;;) {
        const verdict = limiter.take(`channel-rpm:${channel.id}`, channel.max_rpm, MINUTE_MS);
        if (verdict.kind === 'admitted') return undefined;
        if (verdict.kind === 'refused') return verdict.retryAfterSeconds;
        await verdict.ready.catch(() => undefined);
      }
    }
    return undefined;
  }

  private rateRefusal(reason: SlotRefusal, model: string, settings: ChannelQueueSettings, retryAfterSeconds: number): Error {
    if (reason === 'aborted') return this.refusal(reason, model, settings.timeoutMs);
    const message =
      reason === 'full' && settings.timeoutMs > 0 && settings.maxWaiting > 0
        ? LimitMessages.rateQueueFull(model)
        : reason === 'timeout' && settings.timeoutMs > 0
          ? LimitMessages.rateQueueTimeout(model, Math.round(settings.timeoutMs / 1000))
          : LimitMessages.channelCaps(model);
    return new TrafficLimitError('channel_caps', message, retryAfterSeconds);
  }

  private refusal(reason: SlotRefusal, model: string, timeoutMs: number): Error {
    if (reason === 'timeout') {
      return new TrafficLimitError('channel_caps', LimitMessages.queueTimeout(model, Math.round(timeoutMs / 1000)), QUEUE_RETRY_AFTER_SECONDS);
    }
    if (reason === 'aborted') {
      // Nobody is left to answer: a client's own doing, not a fault of the gateway.
      return new AppError('client_closed_request', 'the client left while its request waited for a channel', 499, GrpcCode.CANCELLED);
    }
    return new TrafficLimitError('channel_caps', LimitMessages.queueFull(model), QUEUE_RETRY_AFTER_SECONDS);
  }

  /** The queue of requests waiting for a channel's per-minute windows: one at a time watches them. */
  private turnsOf(channelId: number): ConcurrencyQueue {
    let turns = this.turns.get(channelId);
    if (!turns) {
      turns = new ConcurrencyQueue(1);
      this.turns.set(channelId, turns);
    }
    return turns;
  }

  private queueOf(channel: ChannelCaps): ConcurrencyQueue {
    let queue = this.queues.get(channel.id);
    if (!queue) {
      queue = new ConcurrencyQueue(channel.max_concurrency);
      this.queues.set(channel.id, queue);
    } else {
      queue.setCap(channel.max_concurrency);
    }
    return queue;
  }
}
