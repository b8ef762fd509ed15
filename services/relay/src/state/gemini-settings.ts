import type { OptionKey, TypedOptionReader } from '@modelgate/db';
import { FixedOptions } from '@modelgate/db';
import type { GeminiSettings } from '../providers/types';

/**
 * The `gemini.*` options of spec §3 as the Gemini adapter applies them, parsed once per change:
 * `gemini.version_settings` (model → API version, with a `default`) and `gemini.safety_settings`
 * (harm category → block threshold, with a `default` for every category not named).
 */

/** The option keys these settings come from. */
export const GEMINI_OPTION_KEYS = ['gemini.version_settings', 'gemini.safety_settings'] as const satisfies readonly OptionKey[];

/** The API version when the options name none. */
export const DEFAULT_GEMINI_VERSION = 'v1beta';

/** The harm categories Gemini's text models take a threshold for. */
export const GEMINI_HARM_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

/** An API version segment: `v1`, `v1beta`, `v1alpha`, `v1beta3`… (nothing that could change the path). */
const VERSION = /^v\d+[a-z0-9]*$/;

function texts(option: Record<string, unknown>): Map<string, string> {
  const table = new Map<string, string>();
  for (const [key, value] of Object.entries(option)) {
    if (typeof value === 'string' && value.trim() !== '') table.set(key, value.trim());
  }
  return table;
}

/** Every category (the known ones and any other the option names) at its threshold, else the default's. */
function safetySettingsOf(option: Map<string, string>): GeminiSettings['safetySettings'] {
  const fallback = option.get('default');
  const categories = new Set<string>([...GEMINI_HARM_CATEGORIES, ...[...option.keys()].filter((key) => key.startsWith('HARM_CATEGORY_'))]);
  const settings: Array<{ category: string; threshold: string }> = [];
  for (const category of categories) {
    const threshold = option.get(category) ?? fallback;
    if (threshold !== undefined) settings.push(Object.freeze({ category, threshold }));
  }
  return Object.freeze(settings);
}

/** The Gemini settings of the options' current values. */
export function parseGeminiSettings(options: Pick<TypedOptionReader, 'value'>): GeminiSettings {
  const versions = new Map([...texts(options.value('gemini.version_settings'))].filter(([, version]) => VERSION.test(version)));
  const fallback = versions.get('default') ?? DEFAULT_GEMINI_VERSION;
  return Object.freeze({
    apiVersion: (model: string) => versions.get(model) ?? fallback,
    safetySettings: safetySettingsOf(texts(options.value('gemini.safety_settings'))),
  });
}

/** Settings when the options give none (tests, the channel tester): the options' defaults. */
export const DEFAULT_GEMINI_SETTINGS: GeminiSettings = parseGeminiSettings(new FixedOptions());
