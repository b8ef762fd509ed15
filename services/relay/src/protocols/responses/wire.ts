import { z } from 'zod';
import { reraise, textOrList } from '../validate';

/**
 * OpenAI's Responses API on the wire (`POST /v1/responses` and its resources), as the `openai`
 * SDK types it (resources/responses/responses.d.ts): zod schemas of the request — the items and
 * parts the gateway reads are checked field by field, items, parts and tools of other types pass
 * through as open objects for a Responses upstream to judge — and the types of the Response
 * object and of its stream events. No logic lives here.
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

// ── The Response object ─────────────────────────────────────────────────────────────────────

export type ResponseStatus = 'completed' | 'failed' | 'in_progress' | 'cancelled' | 'queued' | 'incomplete';

export interface OutputTextPart {
  type: 'output_text';
  text: string;
  annotations: unknown[];
  logprobs?: unknown[];
}
export interface RefusalPart {
  type: 'refusal';
  refusal: string;
}

export interface OutputMessage {
  type: 'message';
  id: string;
  role: 'assistant';
  status: 'in_progress' | 'completed' | 'incomplete';
  content: Array<OutputTextPart | RefusalPart>;
}

export interface OutputFunctionCall {
  type: 'function_call';
  id?: string;
  call_id: string;
  name: string;
  arguments: string;
  status?: 'in_progress' | 'completed' | 'incomplete';
}

export interface OutputReasoning {
  type: 'reasoning';
  id: string;
  summary: Array<{ type: 'summary_text'; text: string }>;
  content?: Array<{ type: 'reasoning_text'; text: string }>;
  encrypted_content?: string | null;
  status?: 'in_progress' | 'completed' | 'incomplete';
}

export type OutputItem = OutputMessage | OutputFunctionCall | OutputReasoning;

/** `response.usage`: input includes the cached tokens, output includes the reasoning tokens. */
export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

/** The error of a `failed` response (not an HTTP error body). */
export interface ResponseError {
  code: string;
  message: string;
}

export interface ResponseObject {
  id: string;
  object: 'response';
  created_at: number;
  status?: ResponseStatus;
  completed_at?: number | null;
  model: string;
  output: OutputItem[];
  /** Convenience text of the SDKs (not on the wire; the SDK derives it). */
  output_text?: string;
  instructions?: string | unknown[] | null;
  error: ResponseError | null;
  incomplete_details: { reason?: 'max_output_tokens' | 'content_filter' } | null;
  usage?: ResponseUsage;
  max_output_tokens?: number | null;
  previous_response_id?: string | null;
  parallel_tool_calls: boolean;
  tool_choice: ToolChoice;
  tools: Tool[];
  temperature: number | null;
  top_p: number | null;
  reasoning?: ReasoningConfig | null;
  text?: TextConfig;
  truncation?: 'auto' | 'disabled' | null;
  store?: boolean;
  background?: boolean | null;
  service_tier?: string | null;
  metadata: Record<string, string> | null;
  user?: string;
  safety_identifier?: string;
  prompt_cache_key?: string;
  [field: string]: unknown;
}

/** `DELETE /v1/responses/{id}`. */
export interface ResponseDeleted {
  id: string;
  object: 'response.deleted';
  deleted: true;
}

/** `GET /v1/responses/{id}/input_items`: a page of the items the response was given. */
export interface InputItemList {
  object: 'list';
  data: Array<InputItem & { id: string }>;
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

/** `POST /v1/responses/compact`. */
export interface CompactedResponse {
  id: string;
  object: 'response.compaction';
  created_at: number;
  output: unknown[];
  usage: ResponseUsage;
}

// ── Stream events ───────────────────────────────────────────────────────────────────────────

/**
 * The events of a streamed response, each sent as `event: <type>` + `data: {type, sequence_number, …}`.
 * These are the ones a text, function-call and reasoning answer is told with; built-in tools add
 * their own (`response.web_search_call.*`, …), which pass through untouched.
 */
export const RESPONSE_STREAM_EVENTS = [
  'response.created',
  'response.queued',
  'response.in_progress',
  'response.output_item.added',
  'response.output_item.done',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.delta',
  'response.output_text.done',
  'response.output_text.annotation.added',
  'response.refusal.delta',
  'response.refusal.done',
  'response.function_call_arguments.delta',
  'response.function_call_arguments.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.delta',
  'response.reasoning_summary_text.done',
  'response.reasoning_text.delta',
  'response.reasoning_text.done',
  'response.completed',
  'response.incomplete',
  'response.failed',
  'error',
] as const;
export type ResponseStreamEventType = (typeof RESPONSE_STREAM_EVENTS)[number];

/** The events that carry the whole Response (usage included on the last three). */
export const RESPONSE_LIFECYCLE_EVENTS = ['response.created', 'response.queued', 'response.in_progress'] as const;
/** The events that end a stream with the final Response, whose `usage` is what is billed. */
export const RESPONSE_TERMINAL_EVENTS = ['response.completed', 'response.incomplete', 'response.failed'] as const;
export type ResponseTerminalEventType = (typeof RESPONSE_TERMINAL_EVENTS)[number];

interface Sequenced {
  sequence_number: number;
}

export interface ResponseLifecycleEvent extends Sequenced {
  type: (typeof RESPONSE_LIFECYCLE_EVENTS)[number] | ResponseTerminalEventType;
  response: ResponseObject;
}
export interface OutputItemEvent extends Sequenced {
  type: 'response.output_item.added' | 'response.output_item.done';
  output_index: number;
  item: OutputItem;
}
export interface ContentPartEvent extends Sequenced {
  type: 'response.content_part.added' | 'response.content_part.done';
  item_id: string;
  output_index: number;
  content_index: number;
  part: OutputTextPart | RefusalPart;
}
export interface OutputTextDeltaEvent extends Sequenced {
  type: 'response.output_text.delta';
  item_id: string;
  output_index: number;
  content_index: number;
  delta: string;
  logprobs: unknown[];
}
export interface OutputTextDoneEvent extends Sequenced {
  type: 'response.output_text.done';
  item_id: string;
  output_index: number;
  content_index: number;
  text: string;
  logprobs: unknown[];
}
export interface RefusalDeltaEvent extends Sequenced {
  type: 'response.refusal.delta';
  item_id: string;
  output_index: number;
  content_index: number;
  delta: string;
}
export interface RefusalDoneEvent extends Sequenced {
  type: 'response.refusal.done';
  item_id: string;
  output_index: number;
  content_index: number;
  refusal: string;
}
export interface FunctionCallArgumentsDeltaEvent extends Sequenced {
  type: 'response.function_call_arguments.delta';
  item_id: string;
  output_index: number;
  delta: string;
}
export interface FunctionCallArgumentsDoneEvent extends Sequenced {
  type: 'response.function_call_arguments.done';
  item_id: string;
  output_index: number;
  name?: string;
  arguments: string;
}
export interface ReasoningSummaryPartEvent extends Sequenced {
  type: 'response.reasoning_summary_part.added' | 'response.reasoning_summary_part.done';
  item_id: string;
  output_index: number;
  summary_index: number;
  part: { type: 'summary_text'; text: string };
}
export interface ReasoningSummaryTextDeltaEvent extends Sequenced {
  type: 'response.reasoning_summary_text.delta';
  item_id: string;
  output_index: number;
  summary_index: number;
  delta: string;
}
export interface ReasoningSummaryTextDoneEvent extends Sequenced {
  type: 'response.reasoning_summary_text.done';
  item_id: string;
  output_index: number;
  summary_index: number;
  text: string;
}
export interface ReasoningTextDeltaEvent extends Sequenced {
  type: 'response.reasoning_text.delta';
  item_id: string;
  output_index: number;
  content_index: number;
  delta: string;
}
export interface ReasoningTextDoneEvent extends Sequenced {
  type: 'response.reasoning_text.done';
  item_id: string;
  output_index: number;
  content_index: number;
  text: string;
}
/** An error told in the stream (the stream ends after it). */
export interface ErrorEvent {
  type: 'error';
  code: string | null;
  message: string;
  param: string | null;
  sequence_number?: number;
}

export type ResponseStreamEvent =
  | ResponseLifecycleEvent
  | OutputItemEvent
  | ContentPartEvent
  | OutputTextDeltaEvent
  | OutputTextDoneEvent
  | RefusalDeltaEvent
  | RefusalDoneEvent
  | FunctionCallArgumentsDeltaEvent
  | FunctionCallArgumentsDoneEvent
  | ReasoningSummaryPartEvent
  | ReasoningSummaryTextDeltaEvent
  | ReasoningSummaryTextDoneEvent
  | ReasoningTextDeltaEvent
  | ReasoningTextDoneEvent
  | ErrorEvent;
