import type { OutputItem, OutputTextPart, RefusalPart, ResponseObject } from './response-wire';

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
