import type { InputItem, ReasoningConfig, TextConfig, Tool, ToolChoice } from './request-wire';

/** The Response object of OpenAI's Responses API and its resources, as the `openai` SDK types them. */

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
