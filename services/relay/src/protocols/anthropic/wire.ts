import { z } from 'zod';
import { reraise, textOrList } from '../validate';

/**
 * Anthropic's Messages API on the wire: request schemas (zod; the known content blocks are checked
 * field by field, blocks of other types pass through for an Anthropic upstream to judge) and the
 * types of answers and stream events. No logic lives here.
 */

const required = (field: string) => ({ error: `${field}: Field required` });

export const CacheControl = z.looseObject({ type: z.string(), ttl: z.string().optional() });

export const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string(), cache_control: CacheControl.nullish() });
export type TextBlock = z.infer<typeof TextBlock>;

export const Base64Source = z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() });
export const UrlSource = z.looseObject({ type: z.literal('url'), url: z.string() });
export const TextSource = z.looseObject({ type: z.literal('text'), media_type: z.string().optional(), data: z.string() });
const MediaSource = z.looseObject({ type: z.string() });

export const ImageBlock = z.looseObject({ type: z.literal('image'), source: MediaSource, cache_control: CacheControl.nullish() });
export type ImageBlock = z.infer<typeof ImageBlock>;
export const DocumentBlock = z.looseObject({
  type: z.literal('document'),
  source: MediaSource,
  title: z.string().nullish(),
  cache_control: CacheControl.nullish(),
});
export type DocumentBlock = z.infer<typeof DocumentBlock>;

export const ToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
  cache_control: CacheControl.nullish(),
});
export type ToolUseBlock = z.infer<typeof ToolUseBlock>;

export const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: textOrList(z.looseObject({ type: z.string() })).optional(),
  is_error: z.boolean().optional(),
  cache_control: CacheControl.nullish(),
});
export type ToolResultBlock = z.infer<typeof ToolResultBlock>;

export const ThinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().optional() });
export const RedactedThinkingBlock = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });

/** The content blocks whose fields the gateway reads, by type. */
const KNOWN_BLOCKS: Readonly<Record<string, z.ZodType>> = {
  text: TextBlock,
  image: ImageBlock,
  document: DocumentBlock,
  tool_use: ToolUseBlock,
  tool_result: ToolResultBlock,
  thinking: ThinkingBlock,
  redacted_thinking: RedactedThinkingBlock,
};

/** Any content block: a known type must have its fields; another type passes as it is. */
export const ContentBlock = z.looseObject({ type: z.string() }).check((ctx) => {
  const schema = KNOWN_BLOCKS[ctx.value.type];
  if (schema) reraise(ctx, schema, ctx.value);
});
export type ContentBlock = { type: string } & Record<string, unknown>;

/**
 * A turn of the conversation. Besides `user` and `assistant`, Claude Code sends `system` turns in
 * the middle of a conversation (with the per-turn control beta); any role passes to an Anthropic
 * upstream, translators take the three they know.
 */
export const Message = z.looseObject({
  role: z.string(),
  content: textOrList(ContentBlock),
});
export type Message = { role: string; content: string | ContentBlock[] } & Record<string, unknown>;

export const Tool = z.looseObject({
  name: z.string(),
  type: z.string().nullish(),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
});
export type Tool = z.infer<typeof Tool>;

export const ToolChoice = z.looseObject({
  type: z.enum(['auto', 'any', 'tool', 'none']),
  name: z.string().optional(),
  disable_parallel_tool_use: z.boolean().optional(),
});
export type ToolChoice = z.infer<typeof ToolChoice>;

export const Thinking = z.looseObject({ type: z.string(), budget_tokens: z.number().int().optional() });

const system = textOrList(TextBlock);

const common = {
  model: z.string(required('model')).min(1, required('model')),
  messages: z.array(Message, required('messages')).min(1, { error: 'messages: at least one message is required' }),
  system: system.optional(),
  tools: z.array(Tool).optional(),
  tool_choice: ToolChoice.optional(),
  thinking: Thinking.optional(),
};

export const MessagesRequest = z.looseObject({
  ...common,
  max_tokens: z
    .number({ error: 'max_tokens: Input should be a valid integer' })
    .int({ error: 'max_tokens: Input should be a valid integer' })
    .min(1, { error: 'max_tokens: Input should be greater than or equal to 1' })
    .optional(),
  stream: z.boolean().optional(),
  stop_sequences: z.array(z.string()).optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
});
/** A Messages request as validated by {@link MessagesRequest} (other fields pass through). */
export interface MessagesRequest {
  model: string;
  messages: Message[];
  system?: string | TextBlock[];
  tools?: Tool[];
  tool_choice?: ToolChoice;
  thinking?: { type: string; budget_tokens?: number };
  max_tokens?: number;
  stream?: boolean;
  stop_sequences?: string[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  metadata?: { user_id?: string | null };
  /** The reasoning effort Claude's newer models take (`low` … `max`). */
  output_config?: { effort?: string };
  [field: string]: unknown;
}

export const CountTokensRequest = z.looseObject(common);
export type CountTokensRequest = Pick<MessagesRequest, 'model' | 'messages' | 'system' | 'tools' | 'tool_choice' | 'thinking'> & {
  [field: string]: unknown;
};

// ---- answers ----------------------------------------------------------------------------------

export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number } | null;
  service_tier?: string | null;
}

export type OutputBlock =
  | { type: 'text'; text: string; citations?: unknown }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: OutputBlock[];
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

export type BlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string };

/** The events of a streamed answer, in Anthropic's order. */
export type StreamEvent =
  | { type: 'message_start'; message: AnthropicMessage }
  | { type: 'content_block_start'; index: number; content_block: OutputBlock }
  | { type: 'content_block_delta'; index: number; delta: BlockDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: string | null; stop_sequence: string | null }; usage: Partial<AnthropicUsage> }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type: string; message: string } };
