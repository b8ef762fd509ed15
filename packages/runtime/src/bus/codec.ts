import { z } from 'zod';
import { ValidationError } from '../errors';
import type { SubjectRegistry } from './registry';

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Validates `payload` against the registry schema of `subject` and encodes it as UTF-8 JSON.
 * Throws a ValidationError (with the zod issues as details) for an undeclared subject or an
 * invalid payload, so nothing malformed ever leaves the process.
 */
export function encodePayload(registry: SubjectRegistry, subject: string, payload: unknown): Uint8Array {
  const schema = registry.schemaOf(subject);
  if (!schema) {
    throw new ValidationError(`undeclared subject ${JSON.stringify(subject)}`, { code: 'invalid_subject' });
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ValidationError(`invalid payload for ${subject}: ${z.prettifyError(parsed.error)}`, {
      code: 'invalid_payload',
      details: { subject, issues: parsed.error.issues },
    });
  }
  return encoder.encode(JSON.stringify(parsed.data));
}

/**
 * Encodes a payload this process built itself as UTF-8 JSON, without the schema check of
 * {@link encodePayload}: the receiving side validates it on delivery either way.
 */
export function encodeTrustedPayload(payload: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(payload));
}

/** The outcome of decoding a received message. */
export type DecodeResult = { ok: true; payload: unknown } | { ok: false; reason: string };

/**
 * Decodes and validates a received message body. Never throws: anything unusable (undeclared
 * subject, bad UTF-8, bad JSON, schema failure) comes back with a reason for the dead letter.
 */
export function decodePayload(registry: SubjectRegistry, subject: string, data: Uint8Array): DecodeResult {
  const schema = registry.schemaOf(subject);
  if (!schema) return { ok: false, reason: `undeclared subject ${subject}` };
  let json: unknown;
  try {
    json = JSON.parse(strictUtf8.decode(data));
  } catch (error) {
    return { ok: false, reason: `body is not UTF-8 JSON: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, reason: `payload fails the ${subject} schema: ${z.prettifyError(parsed.error)}` };
  }
  return { ok: true, payload: parsed.data };
}
