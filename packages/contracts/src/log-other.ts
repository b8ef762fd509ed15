/**
 * The structured `other` of top-up (type 1) and system (type 4) log rows, from which the console
 * words each row in the reader's language. The row's `content` keeps the reference's sentence for
 * old clients; these objects are what the console reads. Amounts are quota units.
 */

/** Why a top-up row credited the balance. */
export type TopUpLogOther =
  | { source: 'redemption'; quota: number; redemption_id: number }
  | { source: 'online'; quota: number; money: string };

/** Which system event a system row records. */
export type SystemLogEvent = 'new_user_gift' | 'invitee_gift' | 'inviter_reward' | 'aff_transfer';

/** A system row's event and amount. */
export interface SystemLogOther {
  event: SystemLogEvent;
  quota: number;
}

/** A refund row: the failed asynchronous task whose charge was returned. */
export interface RefundLogOther {
  task: 'midjourney' | 'suno';
  upstream_id: string;
  reason?: string;
}

/** `other` text of a top-up row: `{"top_up": …}`. */
export function topUpLogOther(topUp: TopUpLogOther): string {
  return JSON.stringify({ top_up: topUp });
}

/** `other` text of a system row: `{"system": {event, quota}}`. */
export function systemLogOther(event: SystemLogEvent, quota: number): string {
  return JSON.stringify({ system: { event, quota } satisfies SystemLogOther });
}

/** `other` text of a refund row: `{"refund": {task, upstream_id, reason?}}`. */
export function refundLogOther(refund: RefundLogOther): string {
  return JSON.stringify({ refund });
}
