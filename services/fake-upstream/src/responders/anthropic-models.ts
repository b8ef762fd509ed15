// Anthropic's model list and model lookup (`GET /v1/models[/{id}]` with `anthropic-version`).
import { anthropicRequestId, sendAnthropicError } from '../anthropic-errors';
import type { Exchange } from '../exchange';
import { sendJson } from '../reply';
import { anthropicHeadersOk } from './anthropic-messages';

/** The models Anthropic's `GET /v1/models` lists unless the server is started with its own. */
export const DEFAULT_ANTHROPIC_MODELS: readonly string[] = [
  'claude-opus-4-6',
  'claude-sonnet-4-6',
  'claude-haiku-4-5-20251001',
  'claude-opus-4-5-20251101',
  'claude-sonnet-4-5-20250929',
];

const FALLBACK_CREATED = '2025-01-01T00:00:00Z';

/** `claude-3-5-haiku-20241022` → `Claude 3.5 Haiku`; numbers next to each other join with a dot. */
export function displayName(id: string): string {
  const words = id.replace(/-\d{8}$/, '').split('-');
  const out: string[] = [];
  for (const word of words) {
    const previous = out[out.length - 1];
    if (/^\d+$/.test(word) && previous !== undefined && /^\d+(\.\d+)*$/.test(previous)) {
      out[out.length - 1] = `${previous}.${word}`;
    } else {
      out.push(word.charAt(0).toUpperCase() + word.slice(1));
    }
  }
  return out.join(' ');
}

const modelInfo = (id: string) => {
  const date = /-(\d{4})(\d{2})(\d{2})$/.exec(id);
  return {
    type: 'model',
    id,
    display_name: displayName(id),
    created_at: date === null ? FALLBACK_CREATED : `${date[1]}-${date[2]}-${date[3]}T00:00:00Z`,
  };
};

/** `GET /v1/models`, Anthropic's shape. */
export function respondAnthropicModels(x: Exchange, models: readonly string[]): void {
  if (!anthropicHeadersOk(x)) return;
  x.res.setHeader('request-id', anthropicRequestId(x.uid));
  sendJson(x.res, x.status, {
    data: models.map(modelInfo),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models[models.length - 1] ?? null,
  });
}

/** `GET /v1/models/{id}`, Anthropic's shape: 404 `not_found_error` for an unlisted model. */
export function respondAnthropicModel(x: Exchange, models: readonly string[]): void {
  if (!anthropicHeadersOk(x)) return;
  if (!models.includes(x.model)) return sendAnthropicError(x.res, 404, 'not_found_error', `model: ${x.model}`, x.uid);
  x.res.setHeader('request-id', anthropicRequestId(x.uid));
  sendJson(x.res, x.status, modelInfo(x.model));
}
