// The message bus: one interface typed by a registry of subjects and payload schemas, with a NATS
// and an in-process implementation. The product's registry lives in `@modelgate/contracts/bus`;
// the contract test suite in `@modelgate/testkit/bus-contract`.
export {
  type BusRegistry,
  command,
  COMMAND_PREFIX,
  type CommandDefinition,
  type CommandSubjectOf,
  DEAD_LETTER_PREFIX,
  EVENT_PREFIX,
  type EventSubjectOf,
  type PayloadOf,
  type SubjectOf,
} from './registry';
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
export type { BusOptions, BusTransport } from './bus-base';
export { MESSAGE_ID_HEADER, SENT_AT_HEADER } from './message-context';
export { createInProcessBus, InProcessBus, type InProcessBusOptions } from './in-process-bus';
export { createNatsBus, NatsBus, type NatsBusOptions } from './nats-bus';
export { createIpcBus, IpcBus, type IpcBusOptions } from './ipc-bus';
export { type BusBridge, serveBusOverChannel } from './ipc-bus-server';
export { type BusChannel, type IpcBusMessage, isIpcBusMessage } from './ipc-bus-protocol';
export { channelToParent, channelToWorker } from './cluster-channel';
