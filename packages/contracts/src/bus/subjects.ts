import type { CommandDefinition } from '@modelgate/runtime';
import { z } from 'zod';

/**
 * The subject registry: every subject the services exchange is declared here, once, with the zod
 * schema of its payload. Publishers are validated against it before a message leaves the process
 * and subscribers after one arrives, so a payload type never drifts between sender and receiver.
 *
 * Naming: `modelgate.evt.<context>.<entity>.<verb>` for events (NATS core, fan-out to every
 * subscriber) and `modelgate.cmd.<context>.<entity>.<verb>` for durable work (JetStream work
 * queue, each message processed once). Schemas must not use transforms or defaults: the payload a
 * publisher passes and the payload a handler receives have the same type.
 */

const id = z.int().nonnegative();

/** An option (setting) was written; carries the changed key/value pairs. */
export const optionChangedSchema = z.object({
  keys: z.array(z.string().min(1)).min(1),
  values: z.record(z.string(), z.string()),
  version: z.int().nonnegative().optional(),
});

/** Channels were created, edited, enabled/disabled or deleted: relays reload them. */
export const channelChangedSchema = z.object({
  channelIds: z.array(id),
  reason: z.string().min(1),
});

/**
 * A relay replica's circuit breaker of a channel changed state (opened, let its half-open probe
 * through, closed): every replica applies it, so traffic leaves a failing channel everywhere and
 * one probe decides for all. `origin` is the publishing replica (it ignores its own events); times
 * are epoch milliseconds.
 */
export const channelCircuitSchema = z.object({
  channelId: id,
  state: z.enum(['closed', 'open', 'half-open']),
  reason: z.string().max(1000),
  retryAt: z.int().nonnegative(),
  at: z.int().nonnegative(),
  origin: z.string().min(1).max(64),
});

/** A user's cached state is stale. */
export const userChangedSchema = z.object({
  userId: id,
  reason: z.enum(['created', 'updated', 'deleted', 'status', 'role', 'quota']),
});

/** Tokens' cached state is stale. */
export const tokenChangedSchema = z.object({
  tokenIds: z.array(id),
  userId: id,
  reason: z.string().min(1),
});

/**
 * Console sessions ended (sign-out, a password change or reset, a ban, a deleted account): every
 * cache of a session's answer (the relay's playground) drops it at once. `sessionIds` are the
 * `sessions.id` values, SHA-256 hashes of the cookies, never the cookies themselves.
 */
export const sessionEndedSchema = z.object({
  userId: id,
  sessionIds: z.array(z.string().regex(/^[0-9a-f]{64}$/)).min(1).max(10_000),
});

/** The usage of one relayed request, to be settled (charged and logged) exactly once. */
export const usageRecordSchema = z.object({
  requestId: z.string().min(1).max(128),
  userId: id,
  tokenId: id,
  /**
   * The consume log's token name for a request made without a token (`tokenId` 0: the console
   * playground). A request with a token is logged under the token's current name instead.
   */
  tokenName: z.string().max(255).optional(),
  channelId: id,
  model: z.string(),
  group: z.string(),
  promptTokens: z.int().nonnegative(),
  completionTokens: z.int().nonnegative(),
  /** Quota units charged for the request. */
  quota: z.int().nonnegative(),
  isStream: z.boolean(),
  /** Epoch seconds. */
  createdAt: z.int().positive(),
  other: z.record(z.string(), z.unknown()).optional(),
  /**
   * The consume log's `content` text. A relay sends none: billing words it from `other` and the
   * notes below when it settles (pricing's `consumeLogContent`). A record with a text keeps it —
   * task submissions word their own, and relays of earlier versions sent every text.
   */
  content: z.string().optional(),
  /** The usage reported no token at all: the log's text says the upstream most likely timed out. */
  zeroTokens: z.literal(true).optional(),
  /** The model as the client named it, when it is priced and logged under another name (a custom GPT). */
  requestedModel: z.string().optional(),
  /** The upstream reported no usage and the prompt tokens were counted locally: the log's text says so. */
  usageEstimated: z.literal(true).optional(),
  /** Seconds the request took, the consume log's `use_time`. */
  useTime: z.int().nonnegative().optional(),
  /**
   * The quota lease (a `lease:<uuid>` reservation a relay holds for the user/token pair) the
   * request was admitted from, instead of a reservation of its own. Settlement moves `reserved`
   * out of that lease, so the lease's release refunds only what no request has used.
   */
  leaseId: z.string().min(1).max(64).optional(),
  /**
   * The estimate taken from the lease at admission; the amount this record settles against
   * while the lease is still open. Meaningful only together with `leaseId`.
   */
  reserved: z.int().nonnegative().optional(),
});

/** Most usage records one batch carries. */
export const MAX_USAGE_BATCH = 500;

/**
 * Usage records a relay gathered over a few milliseconds, settled together: one durable message
 * and one billing transaction for many requests instead of one each. Each record still settles
 * exactly once by its own request id, so a redelivered or partly settled batch charges nothing twice.
 */
export const usageBatchSchema = z.object({
  batchId: z.string().min(1).max(64),
  records: z.array(usageRecordSchema).min(1).max(MAX_USAGE_BATCH),
});

/**
 * The full refund of a settled request whose asynchronous task then failed (a drawing or music
 * task). Billing reverses exactly what the request's settlement charged — user and token
 * balances, used quota, the request count, the channel's used quota — once, keyed by `refundId`,
 * and writes a refund log row; it waits (redelivery) until the request itself has settled.
 */
export const usageRefundSchema = z.object({
  /** The refund's key: one refund per id, however often it is sent. */
  refundId: z.string().min(1).max(140),
  /** The settled request being refunded. */
  requestId: z.string().min(1).max(128),
  userId: id,
  tokenId: id,
  channelId: id,
  model: z.string(),
  group: z.string(),
  /** Quota units to give back (what the request was charged). */
  quota: z.int().nonnegative(),
  /** The refund log's text. */
  content: z.string().max(1000),
  /** The refund log's structured `other` (JSON text), which the console words; absent for none. */
  other: z.string().max(2000).optional(),
  /** Epoch seconds. */
  createdAt: z.int().positive(),
});

/** An asynchronous task (drawing or music/lyrics) changed state: consoles showing it refresh. */
export const taskChangedSchema = z.object({
  kind: z.enum(['midjourney', 'suno']),
  /** The task's row id. */
  id,
  /** The upstream's task id. */
  taskId: z.string(),
  userId: id,
  status: z.string(),
  progress: z.string(),
});

export type OptionChanged = z.output<typeof optionChangedSchema>;
export type UsageRefund = z.output<typeof usageRefundSchema>;
export type TaskChanged = z.output<typeof taskChangedSchema>;
export type ChannelChanged = z.output<typeof channelChangedSchema>;
export type ChannelCircuit = z.output<typeof channelCircuitSchema>;
export type UserChanged = z.output<typeof userChangedSchema>;
export type TokenChanged = z.output<typeof tokenChangedSchema>;
export type SessionEnded = z.output<typeof sessionEndedSchema>;
export type UsageRecord = z.output<typeof usageRecordSchema>;
export type UsageBatch = z.output<typeof usageBatchSchema>;

function command<T extends z.ZodType>(
  schema: T,
  messageIdOf: (payload: z.output<T>) => string,
): CommandDefinition<T> {
  return { schema, messageIdOf };
}

/** Events: NATS core subjects, delivered to every subscriber (every replica). */
export const EVENT_SUBJECTS = {
  'modelgate.evt.config.option.changed': optionChangedSchema,
  'modelgate.evt.config.channel.changed': channelChangedSchema,
  'modelgate.evt.relay.channel.circuit': channelCircuitSchema,
  'modelgate.evt.identity.user.changed': userChangedSchema,
  'modelgate.evt.identity.token.changed': tokenChangedSchema,
  'modelgate.evt.identity.session.ended': sessionEndedSchema,
  'modelgate.evt.task.task.changed': taskChangedSchema,
} as const satisfies Record<`modelgate.evt.${string}`, z.ZodType>;

/** Commands: durable JetStream work, each message processed by one consumer. */
export const COMMAND_SUBJECTS = {
  /** A relay's batch of usage records; its message id is the batch id. */
  'modelgate.cmd.billing.usage.settle-batch': command(usageBatchSchema, (batch) => batch.batchId),
  /** A failed task's refund; its message id is the refund id. */
  'modelgate.cmd.billing.usage.refund': command(usageRefundSchema, (refund) => refund.refundId),
} as const satisfies Record<`modelgate.cmd.${string}`, CommandDefinition<z.ZodType>>;

/** The registry every Modelgate bus is built with. */
export const BUS_REGISTRY = { events: EVENT_SUBJECTS, commands: COMMAND_SUBJECTS } as const;
/** The type of `BUS_REGISTRY`, the type parameter of every Modelgate bus. */
export type ModelgateBusRegistry = typeof BUS_REGISTRY;

/** True when `subject` is a declared event subject. */
export function isEventSubject(subject: string): subject is keyof typeof EVENT_SUBJECTS {
  return Object.hasOwn(EVENT_SUBJECTS, subject);
}

/** True when `subject` is a declared command subject. */
export function isCommandSubject(subject: string): subject is keyof typeof COMMAND_SUBJECTS {
  return Object.hasOwn(COMMAND_SUBJECTS, subject);
}

/** The payload schema of a declared subject, or undefined for an undeclared one. */
export function schemaOf(subject: string): z.ZodType | undefined {
  if (isEventSubject(subject)) return EVENT_SUBJECTS[subject];
  if (isCommandSubject(subject)) return COMMAND_SUBJECTS[subject].schema;
  return undefined;
}
