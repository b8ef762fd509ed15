/**
 * OpenAI's Responses API on the wire (`POST /v1/responses` and its resources), as the `openai`
 * SDK types it (resources/responses/responses.d.ts): zod schemas of the request — the items and
 * parts the gateway reads are checked field by field, items, parts and tools of other types pass
 * through as open objects for a Responses upstream to judge — and the types of the Response
 * object and of its stream events. No logic lives here.
 */

export * from './request-wire';
export * from './response-wire';
export * from './stream-wire';
