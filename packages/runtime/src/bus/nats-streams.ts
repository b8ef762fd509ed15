import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiError,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { ConflictError } from '../errors';
import type { ConsumerSpec } from './bus-base';
import { type BusNamespace, consumerName, deadLetterSubject } from './namespace';
import { COMMAND_PREFIX } from './registry';

/** JetStream API error codes this module reacts to. */
const STREAM_NAME_IN_USE = 10058;
const CONSUMER_NOT_UNIQUE_ON_WORK_QUEUE = 10100;
const CONSUMER_ALREADY_EXISTS = 10148;

/** Stream settings chosen by the caller. */
export interface StreamSettings {
  duplicateWindowMs: number;
  deadLetterMaxAgeMs: number;
  deadLetterMaxMessages: number;
}

/**
 * Creates or updates the two streams of an installation, idempotently and safely when several
 * replicas start at once:
 * - `<ns>_MODELGATE_CMD` over `[ns.]modelgate.cmd.>`: work-queue retention (acknowledged messages
 *   are removed), file storage, de-duplication window on `Nats-Msg-Id`;
 * - `<ns>_MODELGATE_DLQ` over `[ns.]modelgate.dlq.>`: limits retention bounded by age and count.
 */
export async function ensureStreams(
  jsm: JetStreamManager,
  ns: BusNamespace,
  settings: StreamSettings,
): Promise<void> {
  const duplicateWindow = nanos(settings.duplicateWindowMs);
  await ensureStream(jsm, {
    name: ns.commandStream,
    subjects: [ns.wire(`${COMMAND_PREFIX}>`)],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: duplicateWindow,
  });
  await ensureStream(jsm, {
    name: ns.deadLetterStream,
    subjects: [ns.wire(deadLetterSubject('>'))],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(settings.deadLetterMaxAgeMs),
    max_msgs: settings.deadLetterMaxMessages,
    duplicate_window: Math.min(duplicateWindow, nanos(settings.deadLetterMaxAgeMs)),
  });
}

async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  try {
    await jsm.streams.add(config);
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === STREAM_NAME_IN_USE)) throw error;
    // Exists with other settings (an older version, or a changed duplicate window): converge.
    await jsm.streams.update(config.name, config);
  }
}

/**
 * Creates or updates the durable pull consumer for `spec` and returns its name. The server's
 * redelivery limit is `maxDeliver + 1`, one spare delivery used to dead-letter a message whose
 * last attempt was never answered. A second durable name on the same subject is a ConflictError.
 */
export async function ensureConsumer(
  jsm: JetStreamManager,
  ns: BusNamespace,
  spec: ConsumerSpec,
): Promise<string> {
  const name = consumerName(spec.durable, spec.subject);
  const config = {
    durable_name: name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: ns.wire(spec.subject),
    ack_wait: nanos(spec.policy.ackWaitMs),
    max_deliver: spec.policy.maxDeliver + 1,
  };
  try {
    await jsm.consumers.add(ns.commandStream, config);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === CONSUMER_ALREADY_EXISTS) {
      await jsm.consumers.update(ns.commandStream, name, config);
    } else if (error instanceof JetStreamApiError && error.code === CONSUMER_NOT_UNIQUE_ON_WORK_QUEUE) {
      throw new ConflictError(`${spec.subject} is already consumed under another durable name`, {
        code: 'consumer_conflict',
        cause: error,
      });
    } else {
      throw error;
    }
  }
  return name;
}
