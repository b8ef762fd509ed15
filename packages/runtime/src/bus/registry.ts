import type { z } from 'zod';

/**
 * The shape of a subject registry: which subjects a bus carries and the zod schema of each
 * payload. The bus validates against it and types every call with it; the registry itself (the
 * product's subjects and payloads) is declared by whoever builds the bus, so this library knows
 * no business message.
 *
 * Naming: `modelgate.evt.<context>.<entity>.<verb>` for events (NATS core, fan-out to every
 * subscriber) and `modelgate.cmd.<context>.<entity>.<verb>` for durable work (JetStream work
 * queue, each message processed once). Schemas must not use transforms or defaults: the payload a
 * publisher passes and the payload a handler receives have the same type.
 */

/** Prefix shared by every event subject. */
export const EVENT_PREFIX = 'modelgate.evt.';
/** Prefix shared by every command subject. */
export const COMMAND_PREFIX = 'modelgate.cmd.';
/** Prefix of dead-letter subjects: `modelgate.dlq.<original subject>`. */
export const DEAD_LETTER_PREFIX = 'modelgate.dlq.';

/** A durable command: its payload schema and how its de-duplication id is derived from it. */
export interface CommandDefinition<T extends z.ZodType> {
  readonly schema: T;
  /** The JetStream message id: a second message with the same id within the window is dropped. */
  readonly messageIdOf: (payload: z.output<T>) => string;
}

/** Declares a command subject's schema and message-id rule. */
export function command<T extends z.ZodType>(
  schema: T,
  messageIdOf: (payload: z.output<T>) => string,
): CommandDefinition<T> {
  return { schema, messageIdOf };
}

/** Every subject a bus carries: events (fan-out) and commands (durable work). */
export interface BusRegistry {
  readonly events: Readonly<Record<`modelgate.evt.${string}`, z.ZodType>>;
  readonly commands: Readonly<Record<`modelgate.cmd.${string}`, CommandDefinition<z.ZodType>>>;
}

/** Every declared event subject of `R`. */
export type EventSubjectOf<R extends BusRegistry> = Extract<keyof R['events'], string>;
/** Every declared command subject of `R`. */
export type CommandSubjectOf<R extends BusRegistry> = Extract<keyof R['commands'], string>;
/** Every declared subject of `R`. */
export type SubjectOf<R extends BusRegistry> = EventSubjectOf<R> | CommandSubjectOf<R>;

/** The payload type of a declared subject (a union when `S` is a union). */
export type PayloadOf<R extends BusRegistry, S extends SubjectOf<R>> = S extends EventSubjectOf<R>
  ? z.output<R['events'][S]>
  : S extends CommandSubjectOf<R>
    ? R['commands'][S] extends CommandDefinition<infer T>
      ? z.output<T>
      : never
    : never;

/** Run-time questions about a registry, asked by the bus for every message. */
export class SubjectRegistry {
  constructor(private readonly registry: BusRegistry) {}

  /** True when `subject` is a declared event subject. */
  isEvent(subject: string): boolean {
    return Object.hasOwn(this.registry.events, subject);
  }

  /** True when `subject` is a declared command subject. */
  isCommand(subject: string): boolean {
    return Object.hasOwn(this.registry.commands, subject);
  }

  /** Every declared event subject. */
  eventSubjects(): string[] {
    return Object.keys(this.registry.events);
  }

  /** The payload schema of a declared subject, or undefined for an undeclared one. */
  schemaOf(subject: string): z.ZodType | undefined {
    if (this.isEvent(subject)) return this.registry.events[subject as `modelgate.evt.${string}`];
    if (this.isCommand(subject)) return this.registry.commands[subject as `modelgate.cmd.${string}`]?.schema;
    return undefined;
  }

  /** The registry's message id of a command payload (the subject must be a declared command). */
  messageIdOf(subject: string, payload: unknown): string {
    const definition = this.registry.commands[subject as `modelgate.cmd.${string}`];
    return definition ? definition.messageIdOf(payload) : '';
  }
}
