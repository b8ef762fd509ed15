import { z } from 'zod';

/**
 * The OpenAI wire format: request schemas (zod, checking only the fields the gateway reads, and
 * letting every other field through untouched), and the types of the answers the translators
 * build or read. No logic lives here.
 */

/** The reference's bound on completion limits (larger values are refused, not passed on). */
export const MAX_TOKENS_LIMIT = 2 ** 30;

const maxTokens = (field: string) =>
  z
    .number({ error: `${field} must be a non-negative integer` })
    .int({ error: `${field} must be a non-negative integer` })
    .min(0, { error: `${field} must be a non-negative integer` })
    .max(MAX_TOKENS_LIMIT, { error: `${field} is too large` })
    .nullish();

const modelField = z.string({ error: 'model must be a string' });

// ---- chat completions -------------------------------------------------------------------------

export const TextPart = z.looseObject({ type: z.literal('text'), text: z.string() });
export const ImageUrlPart = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.string().optional() }),
});
/** Any content part; the known ones are checked by their own schema where a translator reads them. */
export const ContentPart = z.looseObject({ type: z.string() });
export type ContentPart = z.infer<typeof ContentPart> & Record<string, unknown>;

export const ToolCall = z.looseObject({
  id: z.string(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string().optional() }),
});
export type ToolCall = z.infer<typeof ToolCall>;

export const ChatMessage = z.looseObject({
  role: z.string().optional(),
  content: z.union([z.string(), z.array(ContentPart)]).nullish(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCall).nullish(),
  tool_call_id: z.string().optional(),
  reasoning_content: z.string().nullish(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const FunctionTool = z.looseObject({
  type: z.string(),
  function: z
    .looseObject({
      name: z.string(),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    })
    .optional(),
});
export type FunctionTool = z.infer<typeof FunctionTool>;

export const ToolChoice = z.union([
  z.string(),
  z.looseObject({ type: z.string(), function: z.looseObject({ name: z.string() }).optional() }),
]);

export const StreamOptions = z.looseObject({ include_usage: z.boolean().nullish() }).nullish();

export const ChatRequest = z.looseObject({
  model: modelField.optional(),
  messages: z
    .array(ChatMessage, { error: 'field messages is required' })
    .min(1, { error: 'field messages is required' }),
  stream: z.boolean().nullish(),
  stream_options: StreamOptions,
  max_tokens: maxTokens('max_tokens'),
  max_completion_tokens: maxTokens('max_completion_tokens'),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  n: z.number().int().nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  tools: z.array(FunctionTool).nullish(),
  tool_choice: ToolChoice.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  reasoning_effort: z.string().nullish(),
  user: z.string().nullish(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

// ---- the other JSON endpoints -----------------------------------------------------------------

const present = (field: string) => ({ error: `field ${field} is required` });
const nonEmptyText = (field: string) => z.string(present(field)).trim().min(1, present(field));
/** A text input: a non-empty string, or a non-empty array (strings, token ids or parts). */
const textInput = (field: string) =>
  z.union([z.string().min(1), z.array(z.unknown()).min(1), z.looseObject({})], present(field));

export const CompletionRequest = z.looseObject({
  model: modelField.optional(),
  prompt: textInput('prompt'),
  stream: z.boolean().nullish(),
  stream_options: StreamOptions,
  max_tokens: maxTokens('max_tokens'),
  max_completion_tokens: maxTokens('max_completion_tokens'),
});
export type CompletionRequest = z.infer<typeof CompletionRequest>;

export const EmbeddingRequest = z.looseObject({ model: modelField.optional(), input: textInput('input') });
export const ModerationRequest = z.looseObject({ model: z.unknown().optional(), input: textInput('input') });

export const ImageRequest = z.looseObject({
  model: modelField.optional(),
  prompt: nonEmptyText('prompt'),
  size: z
    .string()
    .refine((size) => !size.includes('×'), { error: 'size must use the letter x, as in 1024x1024' })
    .nullish(),
});

export const SpeechRequest = z.looseObject({ model: modelField.optional(), input: nonEmptyText('input') });

export const RerankRequest = z.looseObject({
  model: modelField.optional(),
  query: nonEmptyText('query'),
  documents: z.array(z.unknown(), present('documents')).min(1, present('documents')),
});

// ---- answers ----------------------------------------------------------------------------------

/** OpenAI's usage object as chat answers carry it. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number };
}

/**
 * An image the model generated, as data URL: OpenAI's chat format has no field for generated
 * images, so this follows the `images` extension OpenRouter and other gateways send.
 */
export interface ChatAnswerImage {
  type: 'image_url';
  image_url: { url: string };
}

/** The assistant message of a chat answer (`reasoning_content` as DeepSeek and vLLM send it). */
export interface ChatAnswerMessage {
  role: 'assistant';
  content: string | null;
  reasoning_content?: string;
  images?: ChatAnswerImage[];
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  refusal?: string | null;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{ index: number; message: ChatAnswerMessage; finish_reason: string | null; logprobs?: null }>;
  usage?: ChatUsage;
  system_fingerprint?: string | null;
}

/** The delta of one streamed chunk. */
export interface ChatDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string;
  images?: ChatAnswerImage[];
  tool_calls?: Array<{ index: number; id?: string; type?: 'function'; function?: { name?: string; arguments?: string } }>;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{ index: number; delta: ChatDelta; finish_reason: string | null; logprobs?: null }>;
  usage?: ChatUsage | null;
  system_fingerprint?: string | null;
}
