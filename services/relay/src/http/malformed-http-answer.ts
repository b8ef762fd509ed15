import { type MalformedHttpAnswer, ValidationError } from '@modelgate/runtime';
import { codecFor } from '../protocols/codecs';
import { protocolOfRequest } from './relay-routes';

/**
 * The error object for a request Node's parser refused, in the protocol its path speaks (the
 * request's headers were not read, so the model list answers in OpenAI's). When the path could
 * not be read, one object both SDKs recognise as their error: OpenAI's error with Anthropic's
 * top-level `type`.
 */
export const relayAnswerToMalformedHttp: MalformedHttpAnswer = ({ message, path }) => {
  const error = new ValidationError(message, { code: 'malformed_http_request' });
  const body =
    path === undefined
      ? { type: 'error', ...(codecFor('openai').errorAnswer(error).body as object) }
      : codecFor(protocolOfRequest(path, undefined)).errorAnswer(error).body;
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
};
