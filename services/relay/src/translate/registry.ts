import type { WireProtocol } from '@modelgate/channel-types';
import type { InboundProtocol, Operation } from '../protocols/request';
import { anthropicCountTokensToGemini, anthropicToGemini } from './anthropic-to-gemini';
import { anthropicToOpenAI } from './anthropic-to-openai';
import { composeTranslators } from './compose';
import { geminiToAnthropic } from './gemini-to-anthropic';
import { geminiEmbeddingsToOpenAI, geminiToOpenAI } from './gemini-to-openai';
import { openAIToAnthropic } from './openai-to-anthropic';
import { openAIEmbeddingsToGemini, openAIToGemini } from './openai-to-gemini';
import { responsesToChat } from './responses-to-chat';
import type { Translator } from './types';

/**
 * How a call in one protocol reaches a channel of another (ARCHITECTURE §4.1):
 * - `identity`: same protocol, the client's bytes go through untouched (the fast path);
 * - `translate`: a translator converts request, answer, stream and usage;
 * - `local`: the gateway answers itself (counting tokens for a channel that cannot);
 * - `unserved`: this channel cannot serve the call; routing never picks it for it.
 */
export type Pairing =
  | { readonly kind: 'identity' }
  | { readonly kind: 'translate'; readonly translator: Translator }
  | { readonly kind: 'local' }
  | { readonly kind: 'unserved'; readonly reason: string };

const IDENTITY: Pairing = Object.freeze({ kind: 'identity' });
const LOCAL: Pairing = Object.freeze({ kind: 'local' });
const translate = (translator: Translator): Pairing => Object.freeze({ kind: 'translate', translator });
const unserved = (reason: string): Pairing => Object.freeze({ kind: 'unserved', reason });

/** The translations between protocols, by client protocol, then channel protocol, then operation. */
const TRANSLATIONS: Readonly<Record<InboundProtocol, Partial<Record<WireProtocol, Partial<Record<Operation, Pairing>>>>>> = {
  openai: {
    anthropic: { 'chat/completions': translate(openAIToAnthropic) },
    gemini: { 'chat/completions': translate(openAIToGemini), embeddings: translate(openAIEmbeddingsToGemini) },
  },
  anthropic: {
    openai: { messages: translate(anthropicToOpenAI), 'messages/count_tokens': LOCAL },
    gemini: { messages: translate(anthropicToGemini), 'messages/count_tokens': translate(anthropicCountTokensToGemini) },
  },
  // A Responses call goes as it is to a channel that serves the Responses API itself; see UNOFFERED.
  // Claude and Gemini channels take it through chat completions.
  responses: {
    openai: { responses: IDENTITY, 'responses/compact': IDENTITY },
    anthropic: { responses: translate(composeTranslators(responsesToChat, openAIToAnthropic)) },
    gemini: { responses: translate(composeTranslators(responsesToChat, openAIToGemini)) },
  },
  gemini: {
    openai: {
      generateContent: translate(geminiToOpenAI),
      countTokens: LOCAL,
      embedContent: translate(geminiEmbeddingsToOpenAI),
      batchEmbedContents: translate(geminiEmbeddingsToOpenAI),
    },
    anthropic: { generateContent: translate(geminiToAnthropic), countTokens: LOCAL },
  },
};

/**
 * How a call reaches a channel whose protocol pairs with it by identity but whose type does not
 * offer the operation itself (an OpenAI-compatible vendor without `/v1/responses`): a translation
 * to an operation it does offer. Extending it is one line per (client protocol, channel protocol,
 * operation); without a line such channels are unserved for the operation.
 */
const UNOFFERED: Readonly<Partial<Record<InboundProtocol, Partial<Record<WireProtocol, Partial<Record<Operation, Pairing>>>>>>> = {
  responses: { openai: { responses: translate(responsesToChat) } },
};

/** The pairing of a call (its protocol and operation) with a channel speaking `upstream`. */
export function pairingFor(inbound: InboundProtocol, operation: Operation, upstream: WireProtocol): Pairing {
  if (inbound === upstream) return IDENTITY;
  return TRANSLATIONS[inbound][upstream]?.[operation] ?? unserved(`a ${upstream} channel cannot serve ${operation}`);
}

/**
 * The pairing for a channel that would take the call by identity but whose type does not offer
 * the operation ({@link UNOFFERED}); `unserved` when no translation is declared.
 */
export function unofferedPairingFor(inbound: InboundProtocol, operation: Operation, upstream: WireProtocol): Pairing {
  return UNOFFERED[inbound]?.[upstream]?.[operation] ?? unserved(`this ${upstream} channel does not offer ${operation}`);
}
