// The message bus: one interface, a NATS and an in-process implementation, and the registry of
// every subject with its payload schema. The contract test suite lives in
// `@modelgate/testkit/bus-contract`.
export * from './subjects';
export type {
  BusMessage,
  BusStatus,
  ConsumeOptions,
  ConsumerBacklog,
  ConsumerHandle,
  DeadLetterHandler,
  DeadLetterReadOptions,
  DeliveredMessage,
  EnqueueOptions,
  EnqueueResult,
  MessageBus,
  MessageHandler,
  SubscribeOptions,
  Subscription,
} from './message-bus';
export type { DeadLetter } from './dead-letter';
export type { EventPattern, SubjectsMatching } from './subject-pattern';
export { subjectMatches } from './subject-pattern';
export type { BusOptions } from './bus-base';
export { MESSAGE_ID_HEADER, SENT_AT_HEADER } from './message-context';
export { createInProcessBus, InProcessBus, type InProcessBusOptions } from './in-process-bus';
export { createNatsBus, NatsBus, type NatsBusOptions } from './nats-bus';
