/**
 * `@modelgate/contracts/bus`: the subjects the services exchange over the message bus and the
 * schema of each payload, plus the runtime's generic bus types bound to them. Services import the
 * bus vocabulary from here; `@modelgate/runtime` supplies the transport (`createNatsBus`,
 * `createInProcessBus`), built with `BUS_REGISTRY`.
 */
import type {
  BusMessage as GenericBusMessage,
  CommandSubjectOf,
  ConsumeOptions as GenericConsumeOptions,
  DeliveredMessage as GenericDeliveredMessage,
  EventPattern as GenericEventPattern,
  EventSubjectOf,
  MessageBus as GenericMessageBus,
  MessageHandler as GenericMessageHandler,
  PayloadOf as GenericPayloadOf,
  SubjectOf,
  SubjectsMatching as GenericSubjectsMatching,
} from '@modelgate/runtime';
import type { ModelgateBusRegistry } from './subjects';

export * from './subjects';

/** Every declared event subject. */
export type EventSubject = EventSubjectOf<ModelgateBusRegistry>;
/** Every declared command subject. */
export type CommandSubject = CommandSubjectOf<ModelgateBusRegistry>;
/** Every declared subject. */
export type Subject = SubjectOf<ModelgateBusRegistry>;
/** The payload type of a declared subject (a union when `S` is a union). */
export type PayloadOf<S extends Subject> = GenericPayloadOf<ModelgateBusRegistry, S>;

/** The message bus every service talks through, typed with the Modelgate subjects. */
export type MessageBus = GenericMessageBus<ModelgateBusRegistry>;
/** A message as a handler receives it. */
export type BusMessage<S extends Subject = Subject> = GenericBusMessage<ModelgateBusRegistry, S>;
/** One of `BusMessage<S>` for each subject in `S`, so handlers can narrow on `subject`. */
export type DeliveredMessage<S extends Subject> = GenericDeliveredMessage<ModelgateBusRegistry, S>;
/** Handles one message. */
export type MessageHandler<S extends Subject> = GenericMessageHandler<ModelgateBusRegistry, S>;
/** How a durable consumer of `S` runs. */
export type ConsumeOptions<S extends CommandSubject> = GenericConsumeOptions<ModelgateBusRegistry, S>;
/** A subscription pattern for events: a declared event subject or a wildcard below `modelgate.evt.`. */
export type EventPattern = GenericEventPattern<ModelgateBusRegistry>;
/** The declared event subjects that pattern `P` matches. */
export type SubjectsMatching<P extends string> = GenericSubjectsMatching<P, EventSubject>;
