import type { OptionKey, TypedOptionReader } from '@modelgate/db';
import type { ClaudeSettings } from '../providers/types';

/**
 * The `claude.*` options of spec §3 as the Claude adapters apply them, parsed once per change:
 * `claude.default_max_tokens` (model → max tokens, with a `default`), `claude.model_headers_settings`
 * (model → header → values), the thinking adapter's switch and budget share.
 */

/** The option keys these settings come from. */
export const CLAUDE_OPTION_KEYS = [
  'claude.default_max_tokens',
  'claude.model_headers_settings',
  'claude.thinking_adapter_enabled',
  'claude.thinking_adapter_budget_tokens_percentage',
] as const satisfies readonly OptionKey[];

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Model → header → one value (a header's list joined by commas, as HTTP does). */
function headerTable(option: Readonly<Record<string, unknown>>): Map<string, Readonly<Record<string, string>>> {
  const table = new Map<string, Readonly<Record<string, string>>>();
  for (const [model, headers] of Object.entries(option)) {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) continue;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value : [value];
      const texts = list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
      if (texts.length > 0 && /^[A-Za-z0-9-]+$/.test(name)) values[name.toLowerCase()] = texts.join(',');
    }
    table.set(model, Object.freeze(values));
  }
  return table;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The Claude settings of the options' current values. */
export function parseClaudeSettings(options: Pick<TypedOptionReader, 'value'>): ClaudeSettings {
  const maxTokens = options.value('claude.default_max_tokens');
  const headers = headerTable(options.value('claude.model_headers_settings'));
  return Object.freeze({
    defaultMaxTokens: (model: string) => positiveInteger(maxTokens[model]) ?? positiveInteger(maxTokens['default']),
    modelHeaders: (model: string) => headers.get(model) ?? NO_HEADERS,
    thinkingAdapterEnabled: options.value('claude.thinking_adapter_enabled'),
    thinkingBudgetShare: options.value('claude.thinking_adapter_budget_tokens_percentage'),
  });
}
