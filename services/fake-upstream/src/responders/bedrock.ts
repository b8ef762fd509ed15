// Bedrock Runtime's InvokeModel and InvokeModelWithResponseStream for Claude: a SigV4-signed
// request whose body is Anthropic's Messages body with `anthropic_version` and without `model`
// and `stream`; the answer is Anthropic's Message (with Bedrock's token-count headers) or its
// events, each framed as an event-stream `chunk`.
import { randomUUID } from 'node:crypto';
import { type AnthropicEvent, anthropicEvents, anthropicMessage } from '../anthropic-message';
import { type AwsKeys, verifySigV4 } from '../aws-signature';
import { bedrockException, bedrockStreamException, sendBedrockError } from '../bedrock-errors';
import { EVENTSTREAM_CONTENT_TYPE, chunkFrame, exceptionFrame, joinFrames } from '../bedrock-eventstream';
import { streamErrorKind } from '../errors';
import type { Exchange } from '../exchange';
import { sendJson } from '../reply';
import { writeStream } from '../stream-writer';
import { planOrFail } from './anthropic-messages';

/** The only `anthropic_version` Bedrock accepts. */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** Claude's model name in Bedrock's answers: `us.anthropic.claude-…-20241022-v2:0` → `claude-…-20241022`. */
export function bedrockModelName(modelId: string): string {
  const last = modelId.slice(modelId.lastIndexOf('/') + 1);
  const m = /^(?:[a-z]{2,6}\.)?anthropic\.(.+?)(?:-v\d+(?::\d+)?)?$/.exec(last);
  return m === null ? modelId : m[1]!;
}

// The JSON-schema type names in Bedrock's validation messages.
const typeName = (value: unknown): string => {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'JSONArray';
  switch (typeof value) {
    case 'string':
      return 'String';
    case 'number':
      return Number.isInteger(value) ? 'Integer' : 'BigDecimal';
    case 'boolean':
      return 'Boolean';
    default:
      return 'JSONObject';
  }
};

/** Bedrock's schema violations of a Claude body, concatenated as Bedrock reports them, or `undefined`. */
export function bedrockBodyProblem(body: Record<string, unknown>): string | undefined {
  const violations: string[] = [];
  const version = body.anthropic_version;
  if (version === undefined) violations.push('#: required key [anthropic_version] not found');
  else if (version !== BEDROCK_ANTHROPIC_VERSION) {
    violations.push(`#/anthropic_version: ${String(version)} is not a valid enum value`);
  }
  const max = body.max_tokens;
  if (max === undefined) violations.push('#: required key [max_tokens] not found');
  else if (typeof max !== 'number' || !Number.isInteger(max)) {
    violations.push(`#/max_tokens: expected type: Integer, found: ${typeName(max)}`);
  }
  else if (max < 1) violations.push(`#/max_tokens: ${max} is not greater or equal to 1`);
  const { messages } = body;
  if (messages === undefined) violations.push('#: required key [messages] not found');
  else if (!Array.isArray(messages)) violations.push(`#/messages: expected type: JSONArray, found: ${typeName(messages)}`);
  else if (messages.length === 0) violations.push('#/messages: expected minimum item count: 1, found: 0');
  for (const key of ['model', 'stream']) if (key in body) violations.push(`#: extraneous key [${key}] is not permitted`);
  return violations.length === 0
    ? undefined
    : `Malformed input request: ${violations.join('')}, please reformat your input and try again.`;
}

const validation = (message: string) => bedrockException('bad_request', undefined, message);

/** `POST /model/{modelId}/invoke` and `…/invoke-with-response-stream`, once the signature holds. */
export async function respondBedrock(
  x: Exchange,
  raw: Buffer,
  keys: AwsKeys,
  bodyProblem: string | undefined,
): Promise<void> {
  const requestId = randomUUID();
  const refused = await verifySigV4(x.req, raw, keys);
  if (x.res.destroyed) return;
  if (refused !== undefined) return sendBedrockError(x.res, refused, requestId);
  const problem =
    bodyProblem === undefined
      ? bedrockBodyProblem(x.body)
      : 'Malformed input request: the body is not JSON, please reformat your input and try again.';
  if (problem !== undefined) return sendBedrockError(x.res, validation(problem), requestId);
  const fail = (message: string): void => sendBedrockError(x.res, validation(message), requestId);
  const plan = planOrFail(x, bedrockModelName(x.model), 'msg_bdrk_', fail);
  if (plan === undefined) return;
  const b = x.behaviour;
  const latency = String(Math.max(1, b.latencyMs ?? 0));
  const cacheWrite = plan.cache5m + plan.cache1h;

  if (!x.stream) {
    x.res.setHeader('x-amzn-requestid', requestId);
    x.res.setHeader('x-amzn-bedrock-invocation-latency', latency);
    x.res.setHeader('x-amzn-bedrock-output-token-count', String(plan.outputTokens));
    x.res.setHeader('x-amzn-bedrock-input-token-count', String(plan.inputTokens));
    if (plan.cacheRead > 0) x.res.setHeader('x-amzn-bedrock-cache-read-input-token-count', String(plan.cacheRead));
    if (cacheWrite > 0) x.res.setHeader('x-amzn-bedrock-cache-write-input-token-count', String(cacheWrite));
    return sendJson(x.res, x.status, anthropicMessage(plan));
  }

  const metrics: Record<string, number> = {
    inputTokenCount: plan.inputTokens,
    outputTokenCount: plan.outputTokens,
    invocationLatency: Number(latency),
    firstByteLatency: Number(latency),
  };
  if (plan.cacheRead > 0) metrics.cacheReadInputTokenCount = plan.cacheRead;
  if (cacheWrite > 0) metrics.cacheWriteInputTokenCount = cacheWrite;
  const { head, contents, tail } = anthropicEvents(plan, { 'amazon-bedrock-invocationMetrics': metrics });
  const frames = (events: readonly AnthropicEvent[]): Uint8Array => joinFrames(events.map(chunkFrame));
  const error = (): Uint8Array => {
    const e = bedrockStreamException(streamErrorKind(b), b.errorMessage);
    return exceptionFrame(e.type, e.payload);
  };
  writeStream(x, {
    headers: {
      'content-type': EVENTSTREAM_CONTENT_TYPE,
      'x-amzn-requestid': requestId,
      'x-amzn-bedrock-content-type': 'application/json',
    },
    head: [frames(head)],
    contents: contents.map(frames),
    tail: [frames(tail)],
    error: b.streamErrorAfter === undefined ? undefined : error,
  });
}
