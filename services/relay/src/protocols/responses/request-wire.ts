import { z } from 'zod';
import { reraise, textOrList } from '../validate';

/**
 * The requests of OpenAI's Responses API (`POST /v1/responses`, `/v1/responses/compact`) as the
 * `openai` SDK types them: zod schemas whose items and parts the gateway reads are checked field by
 * field, while items, parts and tools of other types pass through as open objects for a Responses
 * upstream to judge. No logic lives here.
 */

const required = (field: string) => ({ error: `${field}: Field required` });

// ── Input content parts ─────────────────────────────────────────────────────────────────────

export const InputText = z.looseObject({ type: z.literal('input_text'), text: z.string() });
export type InputText = z.infer<typeof InputText>;

export const InputImage = z.looseObject({
  type: z.literal('input_image'),
  detail: z.enum(['low', 'high', 'auto']).nullish(),
  file_id: z.string().nullish(),
  image_url: z.string().nullish(),
});
export type InputImage = z.infer<typeof InputImage>;

export const InputFile = z.looseObject({
  type: z.literal('input_file'),
  file_data: z.string().nullish(),
  file_id: z.string().nullish(),
  file_url: z.string().nullish(),
  filename: z.string().nullish(),
});
export type InputFile = z.infer<typeof InputFile>;

/** Text the model wrote, as an assistant message's part given back as input. */
export const OutputText = z.looseObject({ type: z.literal('output_text'), text: z.string(), annotations: z.array(z.unknown()).optional() });
export type OutputText = z.infer<typeof OutputText>;

export const Refusal = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });

const KNOWN_PARTS: Readonly<Record<string, z.ZodType>> = {
  input_text: InputText,
  input_image: InputImage,
  input_file: InputFile,
  output_text: OutputText,
  refusal: Refusal,
};

/** Any content part: a known type must have its fields; another type (`input_audio`, …) passes as it is. */
export const ContentPart = z.looseObject({ type: z.string() }).check((ctx) => {
  const schema = KNOWN_PARTS[ctx.value.type];
  if (schema) reraise(ctx, schema, ctx.value);
});
export type ContentPart = InputText | InputImage | InputFile | OutputText | ({ type: string } & Record<string, unknown>);

// ── Input items ─────────────────────────────────────────────────────────────────────────────

/** The roles a message item may have (`developer` and `system` are instructions given as input). */
export const MessageRole = z.enum(['user', 'assistant', 'system', 'developer']);
export type MessageRole = z.infer<typeof MessageRole>;

/** A message: `type: 'message'` or no type at all (the SDK's EasyInputMessage); content a string or parts. */
export const MessageItem = z.looseObject({
  type: z.literal('message').optional(),
  id: z.string().optional(),
  role: MessageRole,
  content: textOrList(ContentPart),
  status: z.string().nullish(),
});
export interface MessageItem {
  type?: 'message';
  id?: string;
  role: MessageRole;
  content: string | ContentPart[];
  status?: string | null;
  [field: string]: unknown;
}

/** A call of a function tool the model made (given back as input in a follow-up turn). */
export const FunctionCallItem = z.looseObject({
  type: z.literal('function_call'),
  id: z.string().optional(),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
  status: z.string().nullish(),
});
export type FunctionCallItem = z.infer<typeof FunctionCallItem>;

/** The result of a function call; output a string or a list of input parts. */
export const FunctionCallOutputItem = z.looseObject({
  type: z.literal('function_call_output'),
  id: z.string().nullish(),
  call_id: z.string(),
  output: textOrList(ContentPart),
  status: z.string().nullish(),
});
export interface FunctionCallOutputItem {
  type: 'function_call_output';
  id?: string | null;
  call_id: string;
  output: string | ContentPart[];
  status?: string | null;
  [field: string]: unknown;
}

export const ReasoningSummaryText = z.looseObject({ type: z.literal('summary_text'), text: z.string() });
export const ReasoningText = z.looseObject({ type: z.literal('reasoning_text'), text: z.string() });

/** The model's reasoning, given back (with `encrypted_content` when asked for, as stateless clients do). */
export const ReasoningItem = z.looseObject({
  type: z.literal('reasoning'),
  id: z.string().optional(),
  summary: z.array(ReasoningSummaryText),
  content: z.array(ReasoningText).nullish(),
  encrypted_content: z.string().nullish(),
  status: z.string().nullish(),
});
export type ReasoningItem = z.infer<typeof ReasoningItem>;


/** An item of an earlier response or conversation, named by id. */
export const ItemReference = z.looseObject({ type: z.literal('item_reference'), id: z.string() });
export type ItemReference = z.infer<typeof ItemReference>;

const KNOWN_ITEMS: Readonly<Record<string, z.ZodType>> = {
  message: MessageItem,
  function_call: FunctionCallItem,
  function_call_output: FunctionCallOutputItem,
  reasoning: ReasoningItem,
  item_reference: ItemReference,
};

/**
 * Any input item: one without a type is a message; a known type must have its fields; another
 * type (`web_search_call`, `custom_tool_call`, `compaction`, …) passes as it is.
 */
export const InputItem = z.looseObject({ type: z.string().optional() }).check((ctx) => {
  const schema = KNOWN_ITEMS[ctx.value.type ?? 'message'];
  if (schema) reraise(ctx, schema, ctx.value);
});
export type OtherItem = { type: string } & Record<string, unknown>;
export type InputItem = MessageItem | FunctionCallItem | FunctionCallOutputItem | ReasoningItem | ItemReference | OtherItem;

// ── Tools, tool choice, text and reasoning options ──────────────────────────────────────────

export const FunctionTool = z.looseObject({
  type: z.literal('function'),
  name: z.string(),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});
export type FunctionTool = z.infer<typeof FunctionTool>;

/** A function tool is checked; built-in tools (`web_search`, `file_search`, `custom`, `mcp`, …) are open objects. */
export const Tool = z.looseObject({ type: z.string() }).check((ctx) => {
  if (ctx.value.type === 'function') reraise(ctx, FunctionTool, ctx.value);
});
export type Tool = FunctionTool | OtherItem;

/** `none`/`auto`/`required`, or an object naming a function (`{type:'function', name}`) or a built-in tool. */
export const ToolChoice = z.union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string(), name: z.string().optional() })]);
export type ToolChoice = 'none' | 'auto' | 'required' | ({ type: string; name?: string } & Record<string, unknown>);

export const TextFormat = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: z.string(),
    schema: z.record(z.string(), z.unknown()),
    description: z.string().optional(),
    strict: z.boolean().nullish(),
  }),
]);
export type TextFormat = z.infer<typeof TextFormat>;

export const TextConfig = z.looseObject({ format: TextFormat.optional(), verbosity: z.enum(['low', 'medium', 'high']).nullish() });
export type TextConfig = z.infer<typeof TextConfig>;

/** Reasoning options; the effort is a keyword (`none` … `xhigh`), kept open for new ones. */
export const ReasoningConfig = z.looseObject({
  effort: z.string().nullish(),
  summary: z.string().nullish(),
  /** Older name of `summary`. */
  generate_summary: z.string().nullish(),
});
export type ReasoningConfig = z.infer<typeof ReasoningConfig>;

// ── The request ─────────────────────────────────────────────────────────────────────────────

const wholeNumber = (field: string) =>
  z.number({ error: `${field}: Input should be a valid integer` }).int({ error: `${field}: Input should be a valid integer` });

/** `POST /v1/responses`. Fields the gateway does not read pass through as the client sent them. */
export const ResponseCreateRequest = z.looseObject({
  model: z.string(required('model')).min(1, required('model')),
  input: textOrList(InputItem).optional(),
  instructions: z.string().nullish(),
  tools: z.array(Tool).nullish(),
  tool_choice: ToolChoice.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  reasoning: ReasoningConfig.nullish(),
  text: TextConfig.nullish(),
  max_output_tokens: wholeNumber('max_output_tokens').min(1, { error: 'max_output_tokens: Input should be greater than or equal to 1' }).nullish(),
  max_tool_calls: wholeNumber('max_tool_calls').nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  top_logprobs: wholeNumber('top_logprobs').nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_obfuscation: z.boolean().optional() }).nullish(),
  store: z.boolean().nullish(),
  background: z.boolean().nullish(),
  previous_response_id: z.string().min(1).nullish(),
  conversation: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  include: z.array(z.string()).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  truncation: z.enum(['auto', 'disabled']).nullish(),
  service_tier: z.string().nullish(),
  user: z.string().nullish(),
  safety_identifier: z.string().nullish(),
  prompt_cache_key: z.string().nullish(),
  prompt_cache_retention: z.string().nullish(),
  prompt: z.looseObject({ id: z.string() }).nullish(),
});
/** A Responses request as validated by {@link ResponseCreateRequest} (other fields pass through). */
export interface ResponseCreateRequest {
  model: string;
  input?: string | InputItem[];
  instructions?: string | null;
  tools?: Tool[] | null;
  tool_choice?: ToolChoice | null;
  parallel_tool_calls?: boolean | null;
  reasoning?: ReasoningConfig | null;
  text?: TextConfig | null;
  max_output_tokens?: number | null;
  max_tool_calls?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  top_logprobs?: number | null;
  stream?: boolean | null;
  stream_options?: { include_obfuscation?: boolean } | null;
  store?: boolean | null;
  background?: boolean | null;
  previous_response_id?: string | null;
  conversation?: string | { id: string } | null;
  include?: string[] | null;
  metadata?: Record<string, string> | null;
  truncation?: 'auto' | 'disabled' | null;
  service_tier?: string | null;
  user?: string | null;
  safety_identifier?: string | null;
  prompt_cache_key?: string | null;
  prompt_cache_retention?: string | null;
  prompt?: { id: string } | null;
  [field: string]: unknown;
}

/**
 * `POST /v1/responses/compact`: a conversation (input, or a previous response) compacted into
 * fewer items. Same input fields as a create, without streaming or storage.
 */
export const ResponseCompactRequest = z.looseObject({
  model: z.string(required('model')).min(1, required('model')),
  input: textOrList(InputItem).nullish(),
  instructions: z.string().nullish(),
  previous_response_id: z.string().min(1).nullish(),
  prompt_cache_key: z.string().nullish(),
});
export interface ResponseCompactRequest {
  model: string;
  input?: string | InputItem[] | null;
  instructions?: string | null;
  previous_response_id?: string | null;
  prompt_cache_key?: string | null;
  [field: string]: unknown;
}
