import { randomBytes } from 'node:crypto';
import type { Logger, MessageBus, Subscription } from '@modelgate/runtime';
import { ChannelCircuits, type CircuitSettings, type CircuitTransition } from './circuit-breaker';

const SUBJECT = 'modelgate.evt.relay.channel.circuit';

/** The replica's breakers, shared with the other replicas over the bus. */
export interface SharedCircuits {
  readonly circuits: ChannelCircuits;
  stop(): Promise<void>;
}

/**
 * Creates this replica's breakers and joins them to the others': every transition is published
 * (fire and forget: a lost event costs at most one replica a few more failures of its own before
 * it opens the breaker itself), and the others' transitions are applied. Each replica has a random
 * origin id, so it skips its own events.
 */
export async function startSharedCircuits(bus: MessageBus, logger: Logger, settings: CircuitSettings): Promise<SharedCircuits> {
  const origin = randomBytes(8).toString('hex');
  const publish = (transition: CircuitTransition) => {
    const level = transition.state === 'open' ? 'warn' : 'info';
    logger[level]({ channelId: transition.channelId, state: transition.state, reason: transition.reason }, 'channel circuit changed');
    bus.publish(SUBJECT, { ...transition, reason: transition.reason.slice(0, 1000), origin }).catch((err: unknown) => {
      logger.warn({ err, channelId: transition.channelId }, 'could not announce a channel circuit change');
    });
  };
  const circuits = new ChannelCircuits(settings, publish);
  const subscription: Subscription = await bus.subscribe(SUBJECT, (message) => {
    if (message.payload.origin !== origin) circuits.apply(message.payload);
  });
  return { circuits, stop: () => subscription.unsubscribe() };
}
