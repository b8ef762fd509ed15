/**
 * OpenAI's reasoning models (o1, o3, o4 …) refuse some chat parameters the other models take.
 * The gateway rewrites them, as the reference does, so one client body works for every model:
 * `max_tokens` becomes `max_completion_tokens`, `temperature` is dropped, a `-low`/`-medium`/
 * `-high` model suffix becomes `reasoning_effort`, and for o1 and the o3 family a leading
 * `system` message becomes `developer`.
 */

const REASONING_MODEL = /^o[1-9](?:$|[-.])/;
const EFFORT_SUFFIX = /-(low|medium|high)$/;
const DEVELOPER_ROLE_MODEL = /^(?:o1|o1-2024-12-17|o3.*)$/;

/** True for model names of the o-series. */
export function isReasoningModel(model: string): boolean {
  return REASONING_MODEL.test(model);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the rewrite changed: the upstream model name (suffix removed) and the body fields. */
export interface ReasoningRewrite {
  readonly model: string;
  readonly changes: Readonly<Record<string, unknown>>;
  readonly removed: readonly string[];
}

/**
 * The rewrite of a chat body for a reasoning model, or undefined when the model is not one or
 * nothing needs to change. Pure: the caller applies it to its copy of the body.
 */
export function reasoningRewrite(model: string, json: Readonly<Record<string, unknown>>): ReasoningRewrite | undefined {
  if (!isReasoningModel(model)) return undefined;
  const changes: Record<string, unknown> = {};
  const removed: string[] = [];
  let upstreamModel = model;
  const effort = EFFORT_SUFFIX.exec(model);
  if (effort) {
    upstreamModel = model.slice(0, -effort[0].length);
    changes['model'] = upstreamModel;
    if (json['reasoning_effort'] === undefined) changes['reasoning_effort'] = effort[1];
  }
  if (json['max_tokens'] !== undefined && json['max_tokens'] !== null) {
    if (json['max_completion_tokens'] === undefined || json['max_completion_tokens'] === null) {
      changes['max_completion_tokens'] = json['max_tokens'];
    }
    removed.push('max_tokens');
  }
  if (json['temperature'] !== undefined) removed.push('temperature');
  const messages = json['messages'];
  if (DEVELOPER_ROLE_MODEL.test(upstreamModel) && Array.isArray(messages) && isRecord(messages[0])) {
    if (messages[0]['role'] === 'system') {
      changes['messages'] = [{ ...messages[0], role: 'developer' }, ...messages.slice(1)];
    }
  }
  if (Object.keys(changes).length === 0 && removed.length === 0) return undefined;
  return { model: upstreamModel, changes, removed };
}
