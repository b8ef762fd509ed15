import { randomBytes } from 'node:crypto';
import type { MessageBus } from '@modelgate/contracts/bus';
import type { Logger, Subscription } from '@modelgate/runtime';
import { ChannelCircuits, type CircuitSettings, type CircuitTransition } from './circuit-breaker';

const SUBJECT = 'modelgate.evt.relay.channel.circuit';

/** `channel.changed` reasons after which a channel's breaker starts over. */
const FRESH_START_REASONS: ReadonlySet<string> = new Set(['updated', 'external-synced', 'tag-edited', 'auto-enabled']);

/** The replica's breakers, shared with the other replicas over the bus. */
export interface SharedCircuits {
  readonly circuits: ChannelCircuits;
  stop(): Promise<void>;
}

/**
 * Creates this replica's breakers and joins them to the others': every transition is published
 * (fire and forget: a lost event costs at most one replica a few more failures of its own before
 * it opens the breaker itself), and the others' transitions are applied. Each replica has a random
 * origin id, so it skips its own events. A channel an admin edited, or that the relay enabled again
 * after a passed test, starts over closed.
 */
export async function startSharedCircuits(
  bus: MessageBus,
  logger: Logger,
  settings: CircuitSettings,
  /** Told every state a channel's breaker takes here, by this replica or another (metrics). */
  observe?: (channelId: number, state: CircuitTransition['state']) => void,
): Promise<SharedCircuits> {
  const origin = randomBytes(8).toString('hex');
  const publish = (transition: CircuitTransition) => {
    observe?.(transition.channelId, transition.state);
    const level = transition.state === 'open' ? 'warn' : 'info';
    logger[level]({ channelId: transition.channelId, state: transition.state, reason: transition.reason }, 'channel circuit changed');
    bus.publish(SUBJECT, { ...transition, reason: transition.reason.slice(0, 1000), origin }).catch((err: unknown) => {
      logger.warn({ err, channelId: transition.channelId }, 'could not announce a channel circuit change');
    });
  };
  const circuits = new ChannelCircuits(settings, publish);
  const subscriptions: Subscription[] = [
    await bus.subscribe(SUBJECT, (message) => {
      if (message.payload.origin === origin) return;
      circuits.apply(message.payload);
      observe?.(message.payload.channelId, message.payload.state);
    }),
    // A channel an admin edited (its key, its address) or that passed its test starts over:
    // every replica gets the same event, so they all forget it together.
    await bus.subscribe('modelgate.evt.config.channel.changed', (message) => {
      if (!FRESH_START_REASONS.has(message.payload.reason)) return;
      for (const channelId of message.payload.channelIds) {
        circuits.forget(channelId);
        observe?.(channelId, 'closed');
      }
    }),
  ];
  return { circuits, stop: async () => void (await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()))) };
}
