import type { GroupChoice } from '../account/self-api';
import type { RequestMessage } from './chat-messages';

/** Playground settings (spec §3 "Playground settings"). */
export interface PlaygroundSettings {
  model: string;
  group: string;
  /** 0 means "not set": the field is then left out of the request. */
  maxTokens: number;
  temperature: number;
  systemPrompt: string;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const TEMPERATURE_MIN = 0.1;
export const TEMPERATURE_MAX = 1;
export const TEMPERATURE_STEP = 0.1;
/**
 * The spec's default temperature (0) lies below the slider's range (0.1–1, spec §9); the console
 * starts at the nearest value the slider can show, so what is sent is what the user sees.
 */
export const DEFAULT_TEMPERATURE = TEMPERATURE_MIN;

/** The model picked when the list loads: gpt-4o-mini when offered, else the first, else none. */
export function defaultModel(models: readonly string[]): string {
  if (models.includes(DEFAULT_MODEL)) return DEFAULT_MODEL;
  return models[0] ?? '';
}

export interface GroupOption {
  value: string;
  desc: string;
  ratio: number | string | null;
}

/**
 * The group choices with the user's own group first. With no usable groups there is one choice:
 * the user's group, sent as an empty value (the server then uses the account's group).
 */
export function groupOptions(groups: Record<string, GroupChoice> | undefined, ownGroup: string | undefined): GroupOption[] {
  const options = Object.entries(groups ?? {}).map(([value, choice]) => ({ value, desc: choice.desc, ratio: choice.ratio }));
  if (options.length === 0) return [{ value: '', desc: '', ratio: null }];
  const own = options.findIndex((option) => option.value === ownGroup);
  if (own > 0) options.unshift(...options.splice(own, 1));
  return options;
}

/** Fuzzy model search: every character of the query appears in order (case-insensitive). */
export function matchesModel(query: string, model: string): boolean {
  const wanted = query.trim().toLowerCase();
  const name = model.toLowerCase();
  if (name.includes(wanted)) return true;
  let position = 0;
  for (const character of wanted) {
    position = name.indexOf(character, position);
    if (position < 0) return false;
    position += 1;
  }
  return true;
}

export interface ChatCompletionBody {
  messages: RequestMessage[];
  stream: true;
  model: string;
  group: string;
  max_tokens?: number;
  temperature: number;
}

/** The body of `POST /pg/chat/completions` (spec §7): max_tokens as an integer, left out when 0. */
export function chatCompletionBody(settings: PlaygroundSettings, messages: RequestMessage[]): ChatCompletionBody {
  const maxTokens = Number.isFinite(settings.maxTokens) ? Math.trunc(settings.maxTokens) : 0;
  const temperature = Math.round(settings.temperature * 10) / 10;
  return {
    messages,
    stream: true,
    model: settings.model,
    group: settings.group,
    ...(maxTokens > 0 ? { max_tokens: maxTokens } : {}),
    temperature,
  };
}
