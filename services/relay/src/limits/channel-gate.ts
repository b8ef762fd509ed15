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

/** What {@link ChannelGate} reads. */
export interface ChannelGateDeps {
  readonly limiter: SharedWindowLimiter;
  readonly queue: () => ChannelQueueSettings;
  /** Told when a request joins a channel's queue and when it leaves it, with its wait (metrics). */
  readonly observer?: { enqueued(): void; dequeued(seconds: number): void };
}

const MINUTE_MS = 60_000;
const FREE: ChannelPermit = Object.freeze({ queueWaitMs: 0, queueDepth: 0, release: () => undefined });

/**
 * The caps of channels (docs/adr/0025): requests per minute and tokens per minute across every
 * relay replica (through the shared limit windows), and requests in flight per replica, with a
 * bounded queue fair between users when a channel is at its concurrency cap. A multi-line key
 * makes one channel per key, so these are also the per-key caps.
 */
export class ChannelGate {
  private readonly queues = new Map<number, ConcurrencyQueue>();

  constructor(private readonly deps: ChannelGateDeps) {}

  /** Whether a request sent to the channel now would pass its caps without waiting. */
  hasRoom(channel: ChannelCaps): boolean {
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
   * Passes a request through the channel's caps: refuses it (429, `Retry-After`) when its requests
   * or tokens per minute are spent, else takes a concurrency slot, waiting in the channel's queue
   * when they are all in use. `model` names the request in the refusal.
   */
  async acquire(channel: ChannelCaps, caller: { userId: number; model: string; signal?: AbortSignal }): Promise<ChannelPermit> {
    const { limiter } = this.deps;
    const capped = channel.max_rpm > 0 || channel.max_tpm > 0 || channel.max_concurrency > 0;
    if (!capped) return FREE;
    const tpmBucket = `channel-tpm:${channel.id}`;
    if (channel.max_tpm > 0) {
      const retry = limiter.overLimit(tpmBucket, channel.max_tpm, MINUTE_MS);
      if (retry !== undefined) throw new TrafficLimitError('channel_caps', LimitMessages.channelCaps(caller.model), retry);
    }
    if (channel.max_rpm > 0) {
      for (;;) {
        const verdict = limiter.take(`channel-rpm:${channel.id}`, channel.max_rpm, MINUTE_MS);
        if (verdict.kind === 'admitted') break;
        if (verdict.kind === 'refused') {
          throw new TrafficLimitError('channel_caps', LimitMessages.channelCaps(caller.model), verdict.retryAfterSeconds);
        }
        await verdict.ready.catch(() => undefined);
      }
    }
    let slot: Slot | undefined;
    if (channel.max_concurrency > 0) {
      const settings = this.deps.queue();
      const { observer } = this.deps;
      const joinedAt = observer ? performance.now() : 0;
      observer?.enqueued();
      try {
        slot = await this.queueOf(channel).acquire(caller.userId, { ...settings, signal: caller.signal });
      } catch (reason) {
        throw this.refusal(reason as SlotRefusal, caller.model, settings.timeoutMs);
      } finally {
        observer?.dequeued((performance.now() - joinedAt) / 1000);
      }
    }
    let released = false;
    return {
      queueWaitMs: slot?.waitedMs ?? 0,
      queueDepth: slot?.queueDepth ?? 0,
      release: (tokens) => {
        if (released) return;
        released = true;
        slot?.release();
        if (channel.max_tpm > 0) limiter.add(tpmBucket, channel.max_tpm, MINUTE_MS, tokens);
      },
    };
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
