import { ApiError, type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import type { RelayStack } from '../support/relay-stack';

/**
 * Google's Gen AI SDK against the stack: `/v1` paths by default, as the SDK calls them, `/v1beta`
 * when asked. Jest's sandbox lacks the undici dispatcher the SDK hands to fetch, so the global
 * fetch is passed explicitly (see the fake upstream's README).
 */
export function genaiClient(stack: RelayStack, apiKey: string, apiVersion?: 'v1beta'): GoogleGenAI {
  return new GoogleGenAI({
    apiKey,
    httpOptions: { baseUrl: stack.url, fetch: (input, init) => fetch(input, init), ...(apiVersion ? { apiVersion } : {}) },
  });
}

/** The gateway's request id of an SDK answer (for matching consume logs). */
export function requestIdOf(response: { sdkHttpResponse?: { headers?: Record<string, string> } }): string | null {
  return response.sdkHttpResponse?.headers?.['x-request-id'] ?? null;
}

/** The SDK's error for a call that must fail; a call that succeeds fails the test. */
export function genaiFailure(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('the request succeeded');
    },
    (error: unknown) => error as ApiError,
  );
}

/** Every part of the first candidate across a stream's chunks, in order. */
export function partsOf(chunks: readonly GenerateContentResponse[]) {
  return chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
}
