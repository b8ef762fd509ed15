import { z } from 'zod';

/**
 * The Gemini API on the wire (generativelanguage.googleapis.com, `v1beta` and `v1`): request
 * schemas (zod; the fields the gateway or a translator reads are checked, the many open-ended
 * ones — grounding, code execution, media resolution, … — pass through for a Gemini upstream to
 * judge) and the types of answers. Field names are the API's JSON names (lowerCamelCase); the
 * API also takes the proto names (`system_instruction`, `inline_data`), which the inbound codec
 * renames before validating. No logic lives here.
 */

const object = z.record(z.string(), z.unknown());

// ---- content ----------------------------------------------------------------------------------

/** Bytes inline, base64 (`inlineData`). */
export const Blob = z.looseObject({ mimeType: z.string().optional(), data: z.string() });
export type Blob = z.infer<typeof Blob>;

/** A file by URI (`fileData`: a Files API upload, a YouTube or a Cloud Storage URI). */
export const FileData = z.looseObject({ mimeType: z.string().optional(), fileUri: z.string() });
export type FileData = z.infer<typeof FileData>;

/** A call the model asks the client to make. */
export const FunctionCall = z.looseObject({ id: z.string().optional(), name: z.string(), args: object.optional() });
export type FunctionCall = z.infer<typeof FunctionCall>;

/** The client's answer to a {@link FunctionCall}. */
export const FunctionResponse = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  response: object.optional(),
  parts: z.array(z.looseObject({})).optional(),
  willContinue: z.boolean().optional(),
});
export type FunctionResponse = z.infer<typeof FunctionResponse>;

export const ExecutableCode = z.looseObject({ language: z.string().optional(), code: z.string() });
export const CodeExecutionResult = z.looseObject({ outcome: z.string().optional(), output: z.string().optional() });

/**
 * One part of a turn: exactly one of its data fields is set (text, inline bytes, a file, a
 * function call or response, code and its result), with `thought` marking a thought summary and
 * `thoughtSignature` the opaque signature the model wants back on the next turn.
 */
export const Part = z.looseObject({
  text: z.string().optional(),
  inlineData: Blob.optional(),
  fileData: FileData.optional(),
  functionCall: FunctionCall.optional(),
  functionResponse: FunctionResponse.optional(),
  executableCode: ExecutableCode.optional(),
  codeExecutionResult: CodeExecutionResult.optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  videoMetadata: z.looseObject({}).optional(),
});
export type Part = z.infer<typeof Part>;

/** A turn: `user` or `model` (a missing role is the user's), and its parts. */
export const Content = z.looseObject({
  role: z.string().optional(),
  parts: z.array(Part).optional(),
});
export type Content = z.infer<typeof Content>;

// ---- tools ------------------------------------------------------------------------------------

export const FunctionDeclaration = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  /** An OpenAPI-subset schema (`type: "OBJECT"`, …). */
  parameters: z.looseObject({}).optional(),
  /** A JSON Schema, the alternative to `parameters`. */
  parametersJsonSchema: z.unknown().optional(),
  response: z.looseObject({}).optional(),
  responseJsonSchema: z.unknown().optional(),
  behavior: z.string().optional(),
});
export type FunctionDeclaration = z.infer<typeof FunctionDeclaration>;

/** A tool: declared functions, or one of Google's (search, code execution, URL context, …). */
export const Tool = z.looseObject({
  functionDeclarations: z.array(FunctionDeclaration).optional(),
  googleSearch: z.looseObject({}).optional(),
  googleSearchRetrieval: z.looseObject({}).optional(),
  codeExecution: z.looseObject({}).optional(),
  urlContext: z.looseObject({}).optional(),
});
export type Tool = z.infer<typeof Tool>;

/** `AUTO`, `ANY`, `NONE` or `VALIDATED`, optionally restricted to some functions. */
export const FunctionCallingConfig = z.looseObject({
  mode: z.string().optional(),
  allowedFunctionNames: z.array(z.string()).optional(),
});
export type FunctionCallingConfig = z.infer<typeof FunctionCallingConfig>;

export const ToolConfig = z.looseObject({ functionCallingConfig: FunctionCallingConfig.optional() });
export type ToolConfig = z.infer<typeof ToolConfig>;

// ---- generation -------------------------------------------------------------------------------

/**
 * How much the model thinks: a token budget (`-1` dynamic, `0` off on models that allow it) on
 * Gemini 2.5, a level (`minimal`, `low`, `medium`, `high`) on Gemini 3; `includeThoughts` returns
 * thought summaries as parts with `thought: true`.
 */
export const ThinkingConfig = z.looseObject({
  thinkingBudget: z.number().int().optional(),
  includeThoughts: z.boolean().optional(),
  thinkingLevel: z.string().optional(),
});
export type ThinkingConfig = z.infer<typeof ThinkingConfig>;

const tokenLimit = (field: string) =>
  z
    .number({ error: `${field} must be an integer` })
    .int({ error: `${field} must be an integer` })
    .min(0, { error: `${field} must not be negative` });

export const GenerationConfig = z.looseObject({
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  candidateCount: z.number().int().optional(),
  maxOutputTokens: tokenLimit('generationConfig.maxOutputTokens').optional(),
  stopSequences: z.array(z.string()).optional(),
  responseMimeType: z.string().optional(),
  responseSchema: z.looseObject({}).optional(),
  responseJsonSchema: z.unknown().optional(),
  responseModalities: z.array(z.string()).optional(),
  thinkingConfig: ThinkingConfig.optional(),
  seed: z.number().int().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  responseLogprobs: z.boolean().optional(),
  logprobs: z.number().int().optional(),
  speechConfig: z.looseObject({}).optional(),
  imageConfig: z.looseObject({}).optional(),
  mediaResolution: z.string().optional(),
});
export type GenerationConfig = z.infer<typeof GenerationConfig>;

/** `{category: "HARM_CATEGORY_…", threshold: "BLOCK_…"}`. */
export const SafetySetting = z.looseObject({ category: z.string(), threshold: z.string() });
export type SafetySetting = z.infer<typeof SafetySetting>;

const CONTENTS_MISSING = '* GenerateContentRequest.contents: contents is not specified';
const contents = z
  .array(Content, { error: (issue) => (issue.input === undefined ? CONTENTS_MISSING : 'contents must be a list of Content') })
  .min(1, { error: CONTENTS_MISSING });

/** `POST …/models/{model}:generateContent` and `:streamGenerateContent` (the model is in the path). */
export const GenerateContentRequest = z.looseObject({
  /** Optional in the body (the path names the model); `models/x` when present. */
  model: z.string().optional(),
  contents,
  systemInstruction: Content.optional(),
  tools: z.array(Tool).optional(),
  toolConfig: ToolConfig.optional(),
  generationConfig: GenerationConfig.optional(),
  safetySettings: z.array(SafetySetting).optional(),
  /** A cached content's name (`cachedContents/…`), its tokens billed as cache reads. */
  cachedContent: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
export type GenerateContentRequest = z.infer<typeof GenerateContentRequest>;

/**
 * `POST …/models/{model}:countTokens`: the contents alone, or a whole generate request (to count
 * system instruction and tools too), not both.
 */
export const CountTokensRequest = z.looseObject({
  contents: z.array(Content, { error: 'contents must be a list of Content' }).optional(),
  generateContentRequest: GenerateContentRequest.optional(),
});
export type CountTokensRequest = z.infer<typeof CountTokensRequest>;

/** `RETRIEVAL_QUERY`, `RETRIEVAL_DOCUMENT`, `SEMANTIC_SIMILARITY`, `CLASSIFICATION`, … */
export const EmbedContentRequest = z.looseObject({
  model: z.string().optional(),
  content: z.looseObject(Content.shape, {
    error: (issue) => (issue.input === undefined ? '* EmbedContentRequest.content: content is not specified' : 'content must be a Content'),
  }),
  taskType: z.string().optional(),
  title: z.string().optional(),
  outputDimensionality: z.number().int().optional(),
});
export type EmbedContentRequest = z.infer<typeof EmbedContentRequest>;

const REQUESTS_MISSING = '* BatchEmbedContentsRequest.requests: requests is not specified';

/** `POST …/models/{model}:batchEmbedContents`: each request names the same model. */
export const BatchEmbedContentsRequest = z.looseObject({
  requests: z
    .array(EmbedContentRequest, {
      error: (issue) => (issue.input === undefined ? REQUESTS_MISSING : 'requests must be a list of EmbedContentRequest'),
    })
    .min(1, { error: REQUESTS_MISSING }),
});
export type BatchEmbedContentsRequest = z.infer<typeof BatchEmbedContentsRequest>;

// ---- answers ----------------------------------------------------------------------------------

/** `TEXT`, `IMAGE`, `AUDIO`, `VIDEO`, `DOCUMENT`. */
export interface ModalityTokenCount {
  modality?: string;
  tokenCount?: number;
}

/**
 * Token counts of one answer. `promptTokenCount` includes the cached tokens; thinking is counted
 * apart from the candidates (`thoughtsTokenCount`), and `totalTokenCount` sums prompt, tool-use
 * prompt, thoughts and candidates.
 */
export interface UsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
  promptTokensDetails?: ModalityTokenCount[];
  cacheTokensDetails?: ModalityTokenCount[];
  candidatesTokensDetails?: ModalityTokenCount[];
  toolUsePromptTokensDetails?: ModalityTokenCount[];
}

export interface SafetyRating {
  category: string;
  probability: string;
  blocked?: boolean;
}

/** `STOP`, `MAX_TOKENS`, `SAFETY`, `RECITATION`, `LANGUAGE`, `OTHER`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII`, `MALFORMED_FUNCTION_CALL`, … */
export type FinishReason = string;

export interface Candidate {
  content?: Content;
  finishReason?: FinishReason;
  finishMessage?: string;
  safetyRatings?: SafetyRating[];
  citationMetadata?: unknown;
  groundingMetadata?: unknown;
  tokenCount?: number;
  avgLogprobs?: number;
  index?: number;
}

/** Why a prompt was refused outright: `SAFETY`, `OTHER`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `IMAGE_SAFETY`. */
export interface PromptFeedback {
  blockReason?: string;
  safetyRatings?: SafetyRating[];
}

/** A whole answer, or one chunk of a streamed one (each chunk is a complete object). */
export interface GenerateContentResponse {
  candidates?: Candidate[];
  promptFeedback?: PromptFeedback;
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
  responseId?: string;
}

export interface CountTokensResponse {
  totalTokens: number;
  cachedContentTokenCount?: number;
  promptTokensDetails?: ModalityTokenCount[];
}

export interface ContentEmbedding {
  values: number[];
}

export interface EmbedContentResponse {
  embedding: ContentEmbedding;
}

export interface BatchEmbedContentsResponse {
  embeddings: ContentEmbedding[];
}

/** A model as `GET …/models` lists it (`name` is `models/<id>`). */
export interface Model {
  name: string;
  baseModelId?: string;
  version?: string;
  displayName?: string;
  description?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
  /** `generateContent`, `countTokens`, `embedContent`, `batchEmbedContents`, … */
  supportedGenerationMethods?: string[];
  thinking?: boolean;
  temperature?: number;
  maxTemperature?: number;
  topP?: number;
  topK?: number;
}

export interface ListModelsResponse {
  models: Model[];
  nextPageToken?: string;
}

/**
 * Google's error object (`google.rpc.Status` in JSON): the HTTP status as `code`, the canonical
 * code's name as `status` (`INVALID_ARGUMENT`, `UNAUTHENTICATED`, `RESOURCE_EXHAUSTED`, …), and
 * typed details (`google.rpc.ErrorInfo` with `reason: "API_KEY_INVALID"`, `RetryInfo`, …).
 */
export interface GeminiErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    details?: Array<{ '@type': string } & Record<string, unknown>>;
  };
}
