import { ValidationError } from '../errors';
import { DEAD_LETTER_PREFIX } from './registry';

const NAMESPACE = /^[A-Za-z0-9_-]{1,32}$/;
const DURABLE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Maps declared subjects to wire subjects and stream names. A namespace (e.g. `t1a2b3`) prefixes
 * every wire subject (`t1a2b3.modelgate.evt...`) and stream name (`t1a2b3_MODELGATE_CMD`), so two
 * installations, or two test files, on one NATS never see each other's messages.
 */
export class BusNamespace {
  private readonly prefix: string;

  constructor(readonly name: string | undefined) {
    if (name !== undefined && !NAMESPACE.test(name)) {
      throw new ValidationError(`invalid bus namespace ${JSON.stringify(name)}: use 1-32 of [A-Za-z0-9_-]`);
    }
    this.prefix = name ? `${name}.` : '';
  }

  /** The wire subject (or pattern) for a declared subject (or pattern). */
  wire(subject: string): string {
    return this.prefix + subject;
  }

  /** The declared subject of a wire subject (the namespace removed). */
  unwire(wireSubject: string): string {
    return wireSubject.startsWith(this.prefix) ? wireSubject.slice(this.prefix.length) : wireSubject;
  }

  /** The stream name for a base name such as `MODELGATE_CMD`. */
  stream(base: string): string {
    return this.name ? `${this.name}_${base}` : base;
  }

  /** The stream holding commands. */
  get commandStream(): string {
    return this.stream('MODELGATE_CMD');
  }

  /** The stream holding dead letters. */
  get deadLetterStream(): string {
    return this.stream('MODELGATE_DLQ');
  }
}

/** The dead-letter subject (not namespaced) for an original subject or pattern. */
export function deadLetterSubject(original: string): string {
  return DEAD_LETTER_PREFIX + original;
}

/** Throws a ValidationError unless `durable` is a usable durable consumer name. */
export function assertDurableName(durable: string): void {
  if (!DURABLE.test(durable)) {
    throw new ValidationError(`invalid durable name ${JSON.stringify(durable)}: use 1-64 of [A-Za-z0-9_-]`);
  }
}

/**
 * The JetStream consumer name for a durable name on one command subject. The subject is part of
 * the name so one durable name (say `billing`) can consume several subjects.
 */
export function consumerName(durable: string, subject: string): string {
  return `${durable}__${subject.replaceAll('.', '_')}`;
}
