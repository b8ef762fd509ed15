import type { AppError } from '@modelgate/runtime';
import type { CountedCompletion } from '../../metering';
import { codecFor } from '../../protocols/codecs';
import { toGeminiUsage } from '../../protocols/gemini/usage';
import type { Candidate, GenerateContentResponse, Part, UsageMetadata } from '../../protocols/gemini/wire';
import { JsonEvent, type WireEvent } from '../../protocols/stream-events';
import type { Usage } from '../../protocols/usage';
import type { CompletionTally } from '../completion-tally';
import type { TranslationContext } from '../types';
import { newId } from '../vocabulary';

/**
 * Answers for a client speaking Gemini, whatever the channel spoke: a `GenerateContentResponse`
 * whole or as stream chunks (each chunk a whole `GenerateContentResponse` of its own), with the
 * client's model as `modelVersion`, thoughts as parts marked `thought: true` (only when the client
 * asked for them with `includeThoughts`), function calls as whole `functionCall` parts.
 */

/** A text part, or a thought part when `thought`. */
export function textPart(text: string, thought = false): Part {
  return thought ? { text, thought: true } : { text };
}

/**
 * A function call part: the arguments as an object, the call's id kept for the client to answer
 * by, and an opaque `thoughtSignature` when the answer needs its thinking back with the call.
 */
export function callPart(id: string | undefined, name: string, args: Record<string, unknown>, signature?: string): Part {
  return { functionCall: { ...(id ? { id } : {}), name, args }, ...(signature ? { thoughtSignature: signature } : {}) };
}

/** The response id for an upstream's answer id. */
export function responseIdOf(id: unknown): string {
  return typeof id === 'string' && id !== '' ? id : newId('');
}

/** Whether the client asked for thoughts to be returned (`thinkingConfig.includeThoughts`). */
export function wantsThoughts(context: TranslationContext): boolean {
  const payload = context.request.payload as { generationConfig?: { thinkingConfig?: { includeThoughts?: boolean } } } | undefined;
  return payload?.generationConfig?.thinkingConfig?.includeThoughts === true;
}

/** A whole answer or one chunk: the candidates, the usage when known, the model and the id. */
export function geminiResponse(
  context: TranslationContext,
  id: string,
  candidates: Candidate[],
  usage?: UsageMetadata,
): GenerateContentResponse {
  return {
    candidates,
    ...(usage ? { usageMetadata: usage } : {}),
    modelVersion: context.request.summary.model,
    responseId: id,
  };
}

/** A candidate with its parts (a model turn), its index, and its finish reason when it ended. */
export function candidate(parts: Part[], index: number, finishReason?: string): Candidate {
  return { content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index };
}

/**
 * The shared end of a stream for a Gemini client: the chunk builder, the closing chunk (its usage
 * counted from the translator's tally when the upstream reported none), and the error chunk of a
 * stream cut short.
 */
export class GeminiChunks {
  id = '';
  /** What follows the parts in a chunk of them, as JSON (the model and the id), for {@link tailId}. */
  private tail = '';
  private tailId = '';

  constructor(
    private readonly context: TranslationContext,
    private readonly tally: CompletionTally,
  ) {}

  /**
   * A chunk of the first candidate with these parts: the JSON of a {@link geminiResponse} written
   * around the parts (the chunk of every streamed delta, so no object tree is built for it).
   */
  parts(parts: Part[]): WireEvent {
    const id = this.responseId();
    if (this.tailId !== id) {
      this.tailId = id;
      this.tail = `},"index":0}],"modelVersion":${JSON.stringify(this.context.request.summary.model)},"responseId":${JSON.stringify(id)}}`;
    }
    return new JsonEvent(undefined, `{"candidates":[{"content":{"role":"model","parts":${JSON.stringify(parts)}${this.tail}`);
  }

  /**
   * The last chunk: the finish reason and the usage. Its parts are the calls still to send, or an
   * empty text (Google's SDKs keep a streamed turn in a chat's history only when every chunk has
   * a part).
   */
  last(parts: Part[], finishReason: string, usage: Usage | undefined): WireEvent {
    const closing = parts.length > 0 ? parts : [textPart('')];
    return { data: geminiResponse(this.context, this.responseId(), [candidate(closing, 0, finishReason)], this.usageMetadata(usage)) };
  }

  /** The error chunk that ends a stream, as Google's SDKs recognise one. */
  error(error: AppError): WireEvent {
    return codecFor('gemini').streamError(error);
  }

  /** The upstream's usage, or (from a vendor that streams none) the gateway's own count. */
  private usageMetadata(usage: Usage | undefined): UsageMetadata {
    if (usage) return toGeminiUsage(usage);
    const summary = this.context.request.summary;
    const prompt = summary.promptTokens();
    const completion = this.tally.count(summary.model).tokens;
    return { promptTokenCount: prompt, candidatesTokenCount: completion, totalTokenCount: prompt + completion };
  }

  /** The answer as the closing usage counted it, if it did (billing reuses the count). */
  countedCompletion(): CountedCompletion | undefined {
    return this.tally.countedCompletion();
  }

  private responseId(): string {
    if (this.id === '') this.id = responseIdOf(undefined);
    return this.id;
  }
}
