// The answer of Gemini's generateContent (the Gemini API and Gemini on Vertex AI) as programmed:
// its parts (a thought, the text or JSON, function calls, an image), finish reason, safety block
// and usageMetadata, as one GenerateContentResponse or as the chunks of a stream.
import { BadToolArguments, parseInput } from './anthropic-message';
import type { Exchange } from './exchange';
import { completionPieces, completionText, DEFAULT_TEXT, wordPieces } from './pieces';
import { PNG_BASE64 } from './responders/misc';
import { estimateTokens } from './usage';

/** The thought text when thinking is asked for and no `reasoning` is programmed. */
export const DEFAULT_THOUGHT = 'Thinking about how to answer.';
/** Tokens Gemini counts for an image in the prompt. */
export const IMAGE_INPUT_TOKENS = 258;
/** Tokens Gemini counts for an image it generates. */
export const IMAGE_OUTPUT_TOKENS = 1290;

type Json = Record<string, unknown>;

/** One part of Gemini content. */
export type GeminiPart = Json;

/** A programmed Gemini answer. */
export interface GeminiPlan {
  readonly responseId: string;
  readonly modelVersion: string;
  /** The parts of the whole answer. */
  readonly parts: readonly GeminiPart[];
  /** The parts of each content chunk of a stream (one part each, text split into pieces). */
  readonly chunks: readonly GeminiPart[];
  /** Output tokens reached after each chunk (for the running usage of a stream). */
  readonly chunkTokens: readonly number[];
  readonly finishReason: string;
  /** `prompt`: blocked before any candidate; `response`: the candidate ends with SAFETY. */
  readonly blocked: 'prompt' | 'response' | undefined;
  readonly promptTokens: number;
  readonly imageTokens: number;
  readonly candidatesTokens: number;
  readonly thoughtsTokens: number | undefined;
  readonly cachedTokens: number | undefined;
  /** Whether usageMetadata is reported (`usage: 'none'` leaves it out). */
  readonly withUsage: boolean;
}

/** Whether `value` is a JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of a part that carry its data (exactly one must be set). */
const DATA_FIELDS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
] as const;

const ROLES: ReadonlySet<string> = new Set(['user', 'model', 'function']);

/** The violations of one Content, in Google's `* Request.path: problem` lines. */
function contentViolations(content: unknown, at: string, out: string[]): void {
  if (!isObject(content)) {
    out.push(`* ${at}: must be an object`);
    return;
  }
  if (content.role !== undefined && (typeof content.role !== 'string' || !ROLES.has(content.role))) {
    out.push(`* ${at}.role: Please use a valid role: user, model.`);
  }
  const parts = content.parts;
  if (!Array.isArray(parts) || parts.length === 0) {
    out.push(`* ${at}.parts: contents.parts must not be empty.`);
    return;
  }
  parts.forEach((part, j) => {
    const where = `${at}.parts[${j}]`;
    const set = isObject(part) ? DATA_FIELDS.filter((f) => part[f] !== undefined) : [];
    if (set.length === 0) out.push(`* ${where}.data: required oneof field 'data' must have one initialized field`);
    else if (set.length > 1) out.push(`* ${where}.data: oneof field 'data' is already set. Cannot set '${set[1]}'`);
    if (!isObject(part)) return;
    const inline = part.inlineData;
    if (inline !== undefined && (!isObject(inline) || typeof inline.mimeType !== 'string' || typeof inline.data !== 'string')) {
      out.push(`* ${where}.inline_data: mime_type and data are required`);
    }
    const call = part.functionCall;
    if (call !== undefined && (!isObject(call) || typeof call.name !== 'string' || call.name === '')) {
      out.push(`* ${where}.function_call.name: Name cannot be empty.`);
    }
    const response = part.functionResponse;
    if (response !== undefined && (!isObject(response) || typeof response.name !== 'string' || response.name === '')) {
      out.push(`* ${where}.function_response.name: Name cannot be empty.`);
    }
  });
}

/** The top-level fields a GenerateContentRequest may have. */
const GENERATE_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'contents',
  'tools',
  'toolConfig',
  'safetySettings',
  'systemInstruction',
  'generationConfig',
  'cachedContent',
  'labels',
]);

/**
 * Google's message for a GenerateContentRequest that is not well formed, or `undefined`. `kind`
 * names the request in the message (`GenerateContentRequest`, `CountTokensRequest`).
 */
export function generateBodyProblem(body: Json, kind = 'GenerateContentRequest'): string | undefined {
  for (const name of Object.keys(body)) {
    if (!GENERATE_FIELDS.has(name)) return `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`;
  }
  const out: string[] = [];
  const { contents, systemInstruction } = body;
  if (!Array.isArray(contents) || contents.length === 0) out.push(`* ${kind}.contents: contents is not specified`);
  else contents.forEach((c, i) => contentViolations(c, `${kind}.contents[${i}]`, out));
  if (systemInstruction !== undefined) contentViolations(systemInstruction, `${kind}.system_instruction`, out);
  return out.length === 0 ? undefined : `${out.join('\n')}\n`;
}

/** The names of the functions a request declares. */
export function declaredFunctions(body: Json): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(body.tools)) return names;
  for (const tool of body.tools) {
    if (!isObject(tool) || !Array.isArray(tool.functionDeclarations)) continue;
    for (const d of tool.functionDeclarations) if (isObject(d) && typeof d.name === 'string') names.add(d.name);
  }
  return names;
}

/** Estimated prompt tokens of a Gemini body: its texts at about 4 characters a token, 258 an image. */
export function estimateGeminiInput(body: Json): { total: number; images: number; characters: number } {
  const texts: string[] = [];
  let images = 0;
  const visit = (content: unknown): void => {
    if (!isObject(content) || !Array.isArray(content.parts)) return;
    for (const part of content.parts) {
      if (!isObject(part)) continue;
      if (typeof part.text === 'string') texts.push(part.text);
      if (isObject(part.inlineData) && String(part.inlineData.mimeType).startsWith('image/')) images += 1;
      if (part.functionCall !== undefined) texts.push(JSON.stringify(part.functionCall));
      if (part.functionResponse !== undefined) texts.push(JSON.stringify(part.functionResponse));
    }
  };
  visit(body.systemInstruction);
  if (Array.isArray(body.contents)) for (const c of body.contents) visit(c);
  const imageTokens = images * IMAGE_INPUT_TOKENS;
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  return {
    total: (texts.length === 0 && images > 0 ? 0 : estimateTokens(texts)) + imageTokens,
    images: imageTokens,
    characters,
  };
}

/** A value matching a JSON / OpenAPI schema (Gemini's `responseSchema` or `responseJsonSchema`). */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 8) return 'fake';
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) return sampleOf(alternatives[0], depth + 1);
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => String(t).toLowerCase() !== 'null') : schema.type;
  const type = typeof declared === 'string' ? declared.toLowerCase() : isObject(schema.properties) ? 'object' : 'string';
  switch (type) {
    case 'object': {
      const out: Json = {};
      if (isObject(schema.properties)) {
        for (const [key, value] of Object.entries(schema.properties)) out[key] = sampleOf(value, depth + 1);
      }
      return out;
    }
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'integer':
      return 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'fake';
  }
}

/** The JSON text answered to `responseMimeType: application/json`. */
function jsonText(config: Json): string {
  const schema = config.responseJsonSchema ?? config.responseSchema ?? config._responseJsonSchema;
  return JSON.stringify(schema === undefined ? { text: DEFAULT_TEXT } : sampleOf(schema));
}

/** A programmed tool call that names no declared function. */
export class UndeclaredFunction extends Error {}

/**
 * The answer programmed for `x` on `model`.
 * @throws BadToolArguments when a programmed tool call's arguments are not a JSON object.
 * @throws UndeclaredFunction when a programmed tool call names a function the request lacks.
 */
export function planGemini(x: Exchange, model: string): GeminiPlan {
  const b = x.behaviour;
  const config = isObject(x.body.generationConfig) ? x.body.generationConfig : {};
  const thinking = isObject(config.thinkingConfig) ? config.thinkingConfig : undefined;
  const includeThoughts = thinking?.includeThoughts === true;
  const thinks =
    b.reasoning !== undefined ||
    includeThoughts ||
    (typeof thinking?.thinkingBudget === 'number' && thinking.thinkingBudget !== 0) ||
    typeof thinking?.thinkingLevel === 'string';
  const thoughtPieces = thinks ? wordPieces(b.reasoning ?? DEFAULT_THOUGHT) : [];

  const parts: GeminiPart[] = [];
  const chunks: GeminiPart[] = [];
  const chunkTokens: number[] = [];
  let output = 0;
  if (includeThoughts) {
    parts.push({ text: thoughtPieces.join(''), thought: true });
    for (const text of thoughtPieces) {
      chunks.push({ text, thought: true });
      chunkTokens.push(0);
    }
  }

  const calls = b.toolCalls ?? [];
  if (calls.length > 0) {
    const declared = declaredFunctions(x.body);
    for (const call of calls) {
      if (!declared.has(call.name)) {
        const names = declared.size === 0 ? 'none' : [...declared].join(', ');
        throw new UndeclaredFunction(`tool call '${call.name}' names no function the request declares (declared: ${names})`);
      }
    }
  }
  let finishReason = b.finishReason ?? 'STOP';
  if (b.text !== undefined || calls.length === 0) {
    const json = config.responseMimeType === 'application/json' && b.text === undefined;
    const programmed = json ? { ...b, text: jsonText(config) } : b;
    let pieces = completionPieces(programmed);
    let text = completionText(programmed, pieces);
    const max = config.maxOutputTokens;
    if (typeof max === 'number' && max >= 0 && max < pieces.length) {
      pieces = pieces.slice(0, max);
      text = pieces.join('');
      finishReason = b.finishReason ?? 'MAX_TOKENS';
    }
    parts.push({ text });
    for (const piece of pieces) {
      chunks.push({ text: piece });
      chunkTokens.push(++output);
    }
  }
  calls.forEach((call) => {
    const args = parseInput(call.name, call.arguments === '' ? '{}' : call.arguments);
    const part = { functionCall: call.id === undefined ? { name: call.name, args } : { id: call.id, name: call.name, args } };
    parts.push(part);
    chunks.push(part);
    chunkTokens.push(++output);
  });
  const modalities = Array.isArray(config.responseModalities) ? config.responseModalities : [];
  if (modalities.some((m) => String(m).toUpperCase() === 'IMAGE')) {
    const part = { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } };
    parts.push(part);
    chunks.push(part);
    output += IMAGE_OUTPUT_TOKENS;
    chunkTokens.push(output);
  }

  const estimate = estimateGeminiInput(x.body);
  return {
    responseId: `fake${x.uid}`,
    modelVersion: model,
    parts,
    chunks,
    chunkTokens,
    finishReason: b.blocked === 'response' ? 'SAFETY' : finishReason,
    blocked: b.blocked,
    promptTokens: b.promptTokens ?? estimate.total,
    imageTokens: Math.min(estimate.images, b.promptTokens ?? estimate.total),
    candidatesTokens: b.completionTokens ?? Math.max(1, output),
    thoughtsTokens: thinks ? thoughtPieces.length : undefined,
    cachedTokens: b.cachedTokens,
    withUsage: b.usage !== 'none',
  };
}

export { BadToolArguments };

/** The usageMetadata after `candidates` output tokens (and the thoughts, when any). */
export function geminiUsage(p: GeminiPlan, candidates: number | undefined, thoughts: number | undefined): Json {
  const usage: Json = { promptTokenCount: p.promptTokens };
  if (candidates !== undefined) usage.candidatesTokenCount = candidates;
  usage.totalTokenCount = p.promptTokens + (candidates ?? 0) + (thoughts ?? 0);
  if (p.cachedTokens !== undefined) usage.cachedContentTokenCount = p.cachedTokens;
  const details = [{ modality: 'TEXT', tokenCount: p.promptTokens - p.imageTokens }];
  if (p.imageTokens > 0) details.push({ modality: 'IMAGE', tokenCount: p.imageTokens });
  usage.promptTokensDetails = details;
  if (thoughts !== undefined) usage.thoughtsTokenCount = thoughts;
  return usage;
}

const SAFETY_RATINGS = [
  { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', probability: 'NEGLIGIBLE' },
];

/** A GenerateContentResponse around `candidate` (omitted for a blocked prompt). */
function response(p: GeminiPlan, candidate: Json | undefined, usage: Json | undefined, extra: Json): Json {
  const out: Json = {};
  if (candidate !== undefined) out.candidates = [candidate];
  if (p.blocked === 'prompt') out.promptFeedback = { blockReason: 'SAFETY', safetyRatings: SAFETY_RATINGS };
  if (p.withUsage && usage !== undefined) out.usageMetadata = usage;
  out.modelVersion = p.modelVersion;
  out.responseId = p.responseId;
  return { ...out, ...extra };
}

/** The final candidate: content (none when blocked), finish reason, safety ratings when blocked. */
function finalCandidate(p: GeminiPlan, parts: readonly GeminiPart[]): Json {
  if (p.blocked === 'response') return { finishReason: 'SAFETY', index: 0, safetyRatings: SAFETY_RATINGS };
  return { content: { parts, role: 'model' }, finishReason: p.finishReason, index: 0 };
}

/** The whole GenerateContentResponse; `extra` adds fields (Vertex's `createTime`). */
export function geminiResponse(p: GeminiPlan, extra: Json = {}): Json {
  if (p.blocked === 'prompt') return response(p, undefined, geminiUsage(p, undefined, undefined), extra);
  return response(p, finalCandidate(p, p.parts), geminiUsage(p, p.candidatesTokens, p.thoughtsTokens), extra);
}

/**
 * The chunks of the streamed answer: one per content part piece (each with the running usage),
 * then a final one with the finish reason (an empty text part) and the whole usage.
 */
export function geminiChunks(p: GeminiPlan, extra: Json = {}): { contents: Json[]; tail: Json } {
  if (p.blocked !== undefined) return { contents: [], tail: geminiResponse(p, extra) };
  const contents = p.chunks.map((part, i) => {
    const tokens = Math.min(p.chunkTokens[i]!, p.candidatesTokens);
    const thoughts = p.thoughtsTokens === undefined ? undefined : part.thought === true ? i + 1 : p.thoughtsTokens;
    const usage = geminiUsage(p, tokens === 0 ? undefined : tokens, thoughts);
    return response(p, { content: { parts: [part], role: 'model' }, index: 0 }, usage, extra);
  });
  const tail = response(p, finalCandidate(p, [{ text: '' }]), geminiUsage(p, p.candidatesTokens, p.thoughtsTokens), extra);
  return { contents, tail };
}
