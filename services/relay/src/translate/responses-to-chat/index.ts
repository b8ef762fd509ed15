import type { TranslationContext, Translator } from '../types';
import { responsesToChatRequest } from './request';
import { chatToResponsesResponse } from './response';
import { ChatToResponsesStream } from './stream';

/** A client speaking OpenAI's Responses API, a channel speaking chat completions only. */
export const responsesToChat: Translator = Object.freeze({
  upstreamOperation: 'chat/completions',
  request: responsesToChatRequest,
  response: chatToResponsesResponse,
  stream: (context: TranslationContext) => new ChatToResponsesStream(context),
});
