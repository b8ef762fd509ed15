import { encodeDataEvent } from '../../protocols/stream-events';
import type { ClosingUsage } from '../types';

/**
 * The usage-only chunk an upstream honouring `include_usage` ends with (empty `choices`), as the
 * gateway writes it for one that sent none: named like the stream's last chunk (`id`, `object`,
 * `created`, `model`, `system_fingerprint`), with the gateway's own count.
 */
export function usageChunkEvent(last: Record<string, unknown> | undefined, usage: ClosingUsage, now: number): Buffer {
  const chunk: Record<string, unknown> = {
    id: typeof last?.['id'] === 'string' ? last['id'] : '',
    object: typeof last?.['object'] === 'string' ? last['object'] : 'chat.completion.chunk',
    created: typeof last?.['created'] === 'number' ? last['created'] : Math.floor(now / 1000),
    model: typeof last?.['model'] === 'string' ? last['model'] : '',
  };
  if (typeof last?.['system_fingerprint'] === 'string') chunk['system_fingerprint'] = last['system_fingerprint'];
  chunk['choices'] = [];
  chunk['usage'] = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
  return Buffer.from(encodeDataEvent({ data: chunk }));
}
