import type { GenerateContentRequest, ThinkingConfig } from '../../protocols/gemini/wire';
import { untranslatable } from '../vocabulary';
import { jsonSchemaOf, parametersOf } from './schema';

/**
 * What a Gemini request asks of the generation, read once for the translators to other protocols:
 * the functions offered and how they may be called, thinking, the output format, and the settings
 * only Google's API has (refused when they would change the answer, so a client never gets
 * something it did not ask for without knowing).
 */

export interface FunctionSpec {
  readonly name: string;
  readonly description?: string;
  /** JSON Schema. */
  readonly parameters: unknown;
}

/** Gemini's tools that are Google's own services, by their field, as a client reads them. */
const GOOGLE_TOOLS: Readonly<Record<string, string>> = {
  googleSearch: 'Google Search',
  googleSearchRetrieval: 'Google Search retrieval',
  codeExecution: 'code execution',
  urlContext: 'URL context',
  googleMaps: 'Google Maps',
  fileSearch: 'file search',
  computerUse: 'computer use',
  retrieval: 'retrieval',
  enterpriseWebSearch: 'enterprise web search',
};

/** The functions the request declares; Google's own tools cannot be used through another vendor. */
export function functionsOf(request: GenerateContentRequest): FunctionSpec[] {
  const functions: FunctionSpec[] = [];
  (request.tools ?? []).forEach((tool, index) => {
    for (const [field, label] of Object.entries(GOOGLE_TOOLS)) {
      if ((tool as Record<string, unknown>)[field] !== undefined) {
        throw untranslatable(`tools.${index}: ${label} is a Google tool and cannot be used with this model's channel`, `tools.${index}.${field}`);
      }
    }
    for (const declaration of tool.functionDeclarations ?? []) {
      functions.push({
        name: declaration.name,
        ...(declaration.description === undefined ? {} : { description: declaration.description }),
        parameters: parametersOf(declaration),
      });
    }
  });
  return functions;
}

/** How functions may be called: `auto` (the model decides), `any` (it must call one), `none`. */
export interface CallingMode {
  readonly mode: 'auto' | 'any' | 'none';
  /** The functions it may call (`allowedFunctionNames`); all when absent. */
  readonly names?: readonly string[];
}

/** The request's function calling config; undefined when it states none. */
export function callingModeOf(request: GenerateContentRequest): CallingMode | undefined {
  const config = request.toolConfig?.functionCallingConfig;
  if (!config) return undefined;
  const names = config.allowedFunctionNames && config.allowedFunctionNames.length > 0 ? { names: config.allowedFunctionNames } : {};
  switch ((config.mode ?? 'AUTO').toUpperCase()) {
    case 'ANY':
      return { mode: 'any', ...names };
    case 'NONE':
      return { mode: 'none' };
    case 'AUTO':
    case 'MODE_UNSPECIFIED':
    // Gemini's constrained decoding of calls; other vendors check arguments against the schema anyway.
    case 'VALIDATED':
      return { mode: 'auto', ...names };
    default:
      throw untranslatable(
        `toolConfig.functionCallingConfig.mode: unknown mode ${JSON.stringify(config.mode)} (AUTO, ANY, NONE or VALIDATED)`,
        'toolConfig.functionCallingConfig.mode',
      );
  }
}

/** The functions offered, restricted to the allowed ones when the mode names some. */
export function offeredFunctions(functions: readonly FunctionSpec[], mode: CallingMode | undefined): FunctionSpec[] {
  if (!mode?.names) return [...functions];
  const allowed = new Set(mode.names);
  return functions.filter((spec) => allowed.has(spec.name));
}

/** The thinking a request asks for. */
export interface Thinking {
  /** Tokens to think with; `dynamic` lets the model choose (`-1`); 0 turns thinking off. */
  readonly budget?: number | 'dynamic';
  /** Gemini 3's level (`minimal`, `low`, `medium`, `high`), lower-cased. */
  readonly level?: string;
  /** The client wants the thoughts back as parts with `thought: true`. */
  readonly includeThoughts: boolean;
}

export function thinkingOf(config: ThinkingConfig | undefined): Thinking {
  const includeThoughts = config?.includeThoughts === true;
  if (!config) return { includeThoughts };
  const level = typeof config.thinkingLevel === 'string' && config.thinkingLevel !== '' ? config.thinkingLevel.toLowerCase() : undefined;
  const budget = config.thinkingBudget === undefined ? undefined : config.thinkingBudget < 0 ? 'dynamic' : config.thinkingBudget;
  return { includeThoughts, ...(budget === undefined ? {} : { budget }), ...(level === undefined ? {} : { level }) };
}

/**
 * OpenAI's reasoning effort for a thinking request: the level by its word (`minimal` is `low`, the
 * least every reasoning model takes), a budget by bands (up to 1,024 tokens low — thinking off
 * too, as a reasoning model always reasons —, up to 8,192 medium, more high; dynamic is medium);
 * undefined when nothing is asked.
 */
export function effortOfThinking(thinking: Thinking): 'low' | 'medium' | 'high' | undefined {
  if (thinking.level !== undefined) {
    if (thinking.level === 'high') return 'high';
    if (thinking.level === 'medium') return 'medium';
    return 'low';
  }
  const budget = thinking.budget;
  if (budget === undefined) return undefined;
  if (budget === 'dynamic') return 'medium';
  if (budget <= 1024) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}

/** The output the request wants: free text, or JSON (matching a JSON Schema when it gives one). */
export type OutputFormat = { readonly kind: 'text' } | { readonly kind: 'json'; readonly schema?: unknown };

const JSON_MIME = 'application/json';

export function outputFormatOf(request: GenerateContentRequest): OutputFormat {
  const config = request.generationConfig;
  const mime = config?.responseMimeType;
  const schema = config?.responseJsonSchema ?? (config?.responseSchema === undefined ? undefined : jsonSchemaOf(config.responseSchema));
  if (mime === undefined || mime === '' || mime === 'text/plain') {
    if (schema !== undefined) {
      throw untranslatable('generationConfig.responseMimeType: a response schema needs responseMimeType application/json', 'generationConfig.responseMimeType');
    }
    return { kind: 'text' };
  }
  if (mime === JSON_MIME) return schema === undefined ? { kind: 'json' } : { kind: 'json', schema };
  throw untranslatable(
    `generationConfig.responseMimeType: ${mime} output cannot be asked of this model's channel (text/plain or application/json)`,
    'generationConfig.responseMimeType',
  );
}

/**
 * Refuses what only Google's API can do: a cached content (Google's cache), outputs other than
 * text, log probabilities.
 */
export function refuseGoogleOnly(request: GenerateContentRequest): void {
  if (request.cachedContent !== undefined) {
    throw untranslatable("cachedContent: a Gemini cached content cannot be used with this model's channel", 'cachedContent');
  }
  const modalities = request.generationConfig?.responseModalities ?? [];
  const other = modalities.find((modality) => modality.toUpperCase() !== 'TEXT');
  if (other !== undefined) {
    throw untranslatable(`generationConfig.responseModalities: ${other} output cannot be asked of this model's channel`, 'generationConfig.responseModalities');
  }
  const config = request.generationConfig;
  if (config?.speechConfig !== undefined) {
    throw untranslatable("generationConfig.speechConfig: speech output cannot be asked of this model's channel", 'generationConfig.speechConfig');
  }
}
