import type { AppError } from '@modelgate/runtime';
import { toOpenAIError } from '../openai/errors';
import type { ErrorEvent } from './wire';

/**
 * Errors for clients of the Responses API. A whole answer is OpenAI's error object (the Responses
 * API shares it); an error in the middle of a stream is the stream's own `error` event, with the
 * same code, message and param.
 */
export function toResponsesStreamError(error: AppError): ErrorEvent {
  const { body } = toOpenAIError(error);
  return { type: 'error', code: body.error.code ?? body.error.type, message: body.error.message, param: body.error.param };
}
