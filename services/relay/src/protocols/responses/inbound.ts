import { parseJsonObject, requireJson } from '../json-body';
import { lazy, type RelayRequest, type RequestSummary, type ResponsesOperation } from '../request';
import { validated } from '../validate';
import { estimateResponsesPromptTokens, responsesPromptTexts } from './prompt';
import { ResponseCompactRequest, ResponseCreateRequest } from './wire';

/** A request of a client speaking OpenAI's Responses API, as the pipeline reads it. */
export type ResponsesRequest = RelayRequest<ResponseCreateRequest> & {
  readonly protocol: 'responses';
  readonly operation: ResponsesOperation;
};

/**
 * Reads and validates a Responses API request (`POST /v1/responses`, `/v1/responses/compact`): a
 * JSON object whose fields have the Responses API's types (unknown fields and item types pass
 * through). Failures are 400s in OpenAI's error object, naming the field.
 */
export function parseResponsesRequest(operation: ResponsesOperation, body: Buffer, contentType: string | undefined): ResponsesRequest {
  requireJson(operation, contentType);
  const json = parseJsonObject(body);
  const payload = (
    operation === 'responses' ? validated(ResponseCreateRequest, json) : validated(ResponseCompactRequest, json)
  ) as ResponseCreateRequest;
  const summary: { -readonly [K in keyof RequestSummary]: RequestSummary[K] } = {
    model: payload.model,
    upstreamModel: payload.model,
    stream: operation === 'responses' && payload.stream === true,
    metering: 'tokens',
    bodyBytes: body.length,
    promptTexts: lazy(() => responsesPromptTexts(payload)),
    promptTokens: lazy(() => estimateResponsesPromptTokens(payload)),
  };
  if (typeof payload.max_output_tokens === 'number') summary.maxCompletionTokens = payload.max_output_tokens;
  const effort = payload.reasoning?.effort;
  if (typeof effort === 'string' && effort !== '') summary.reasoningEffort = effort;
  return { protocol: 'responses', operation, body, payload, contentType, summary };
}

/** The response a follow-up continues (`previous_response_id`), if it names one. */
export function previousResponseIdOf(request: RelayRequest): string | undefined {
  if (request.protocol !== 'responses') return undefined;
  const id = (request.payload as ResponseCreateRequest | undefined)?.previous_response_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Whether the upstream keeps the response a request creates (`store` defaults to true; compaction keeps nothing). */
export function storesResponse(request: RelayRequest): boolean {
  if (request.protocol !== 'responses' || request.operation !== 'responses') return false;
  return (request.payload as ResponseCreateRequest | undefined)?.store !== false;
}
