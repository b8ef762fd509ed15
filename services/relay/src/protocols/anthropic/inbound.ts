import { ValidationError } from '@modelgate/runtime';
import { parseJsonObject, requireJson } from '../json-body';
import { type AnthropicOperation, lazy, type RelayRequest } from '../request';
import { article, validated } from '../validate';
import { anthropicPromptTexts, estimateAnthropicPromptTokens } from './prompt';
import { type ContentBlock, CountTokensRequest, type Message, MessagesRequest } from './wire';

/** A request of a client speaking Anthropic, as the pipeline reads it. */
export type AnthropicRequest = RelayRequest<MessagesRequest> & {
  readonly protocol: 'anthropic';
  readonly operation: AnthropicOperation;
};

function invalid(message: string, param: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: { param } });
}

/** Blocks a role may not carry: a user never calls tools, an assistant never returns their results. */
const FORBIDDEN_BLOCKS: Readonly<Record<string, ReadonlySet<string>>> = {
  user: new Set(['tool_use', 'thinking', 'redacted_thinking']),
  assistant: new Set(['tool_result']),
};
const NOTHING_FORBIDDEN: ReadonlySet<string> = new Set();

/**
 * Checks what a schema cannot: each block sits in a message of a role that may carry it, and every
 * `tool_result` answers a `tool_use` of an earlier assistant message (by id), as Anthropic
 * requires. A mistake is a 400 naming the block, before anything is reserved or sent.
 */
function checkConversation(messages: readonly Message[]): void {
  const toolUses = new Set<string>();
  messages.forEach((message, index) => {
    if (typeof message.content === 'string') return;
    message.content.forEach((block: ContentBlock, position) => {
      const where = `messages.${index}.content.${position}`;
      if ((FORBIDDEN_BLOCKS[message.role] ?? NOTHING_FORBIDDEN).has(block.type)) {
        throw invalid(`${where}: ${article(message.role)} message cannot contain ${article(block.type)} block`, where);
      }
      if (block.type === 'tool_use') toolUses.add(block['id'] as string);
      if (block.type === 'tool_result' && !toolUses.has(block['tool_use_id'] as string)) {
        throw invalid(
          `${where}: tool_result block names tool_use_id ${JSON.stringify(block['tool_use_id'])}, which no earlier tool_use block has`,
          `${where}.tool_use_id`,
        );
      }
    });
  });
}

/**
 * Reads and validates a Messages API request (`POST /v1/messages`, or `/v1/messages/count_tokens`):
 * a JSON object whose fields have Anthropic's types, a conversation whose blocks fit their roles
 * and whose tool results answer known tool calls. Failures are 400s in Anthropic's words
 * (`max_tokens: Field required`, …). `max_tokens` may be left out: the channel's default fills it.
 */
export function parseAnthropicRequest(
  operation: AnthropicOperation,
  body: Buffer,
  contentType: string | undefined,
): AnthropicRequest {
  requireJson(operation, contentType);
  const json = parseJsonObject(body);
  const payload = validated(operation === 'messages' ? MessagesRequest : CountTokensRequest, json) as MessagesRequest;
  checkConversation(payload.messages);
  const model = payload.model.trim();
  return {
    protocol: 'anthropic',
    operation,
    body,
    payload,
    contentType,
    summary: {
      model,
      upstreamModel: model,
      stream: operation === 'messages' && payload.stream === true,
      metering: operation === 'messages' ? 'tokens' : 'free',
      ...(payload.max_tokens === undefined ? {} : { maxTokens: payload.max_tokens }),
      bodyBytes: body.length,
      promptTexts: lazy(() => anthropicPromptTexts(payload)),
      promptTokens: lazy(() => estimateAnthropicPromptTokens(payload)),
    },
  };
}
