/**
 * `metav1.Condition` helpers (pure): a condition's `lastTransitionTime` changes only when its
 * status flips; reason, message and observedGeneration are always the latest.
 */
import type { Condition, ConditionStatus } from '../resource/channel-resource';

/** Condition types the operator writes, in the order they are listed. */
export const CONDITION_TYPES = ['Accepted', 'ResolvedRefs', 'Synced', 'Ready'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** A condition without its transition time (the helper fills it in). */
export interface ConditionUpdate {
  type: ConditionType;
  status: ConditionStatus;
  reason: string;
  message: string;
}

/**
 * The conditions after applying `updates` to `current` for `generation`: an unchanged status keeps
 * its `lastTransitionTime`, conditions of other types are kept, the operator's types come first
 * in a fixed order.
 */
export function mergeConditions(current: readonly Condition[] | undefined, updates: readonly ConditionUpdate[], generation: number, now: Date): Condition[] {
  const previous = new Map((current ?? []).map((condition) => [condition.type, condition]));
  const written = updates.map((update): Condition => {
    const before = previous.get(update.type);
    const lastTransitionTime = before && before.status === update.status ? before.lastTransitionTime : now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { type: update.type, status: update.status, observedGeneration: generation, lastTransitionTime, reason: update.reason, message: truncate(update.message) };
  });
  const ours = new Set<string>(updates.map((update) => update.type));
  const others = (current ?? []).filter((condition) => !ours.has(condition.type));
  return [...written.sort((a, b) => order(a.type) - order(b.type)), ...others];
}

/** The condition of `type`, if any. */
export function findCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((condition) => condition.type === type);
}

function order(type: string): number {
  const index = (CONDITION_TYPES as readonly string[]).indexOf(type);
  return index === -1 ? CONDITION_TYPES.length : index;
}

function truncate(message: string): string {
  return message.length > 32_768 ? `${message.slice(0, 32_765)}...` : message;
}
