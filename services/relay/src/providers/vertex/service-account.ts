import { createHash } from 'node:crypto';
import { InternalError } from '@modelgate/runtime';
import { z } from 'zod';

/** Where Google exchanges service-account JWTs when a key names no `token_uri`. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The fields of a service-account JSON key that Vertex AI calls need. */
const serviceAccountKey = z.looseObject({
  type: z.literal('service_account'),
  project_id: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  client_email: z.string().min(1),
  token_uri: z.url({ protocol: /^https?$/ }).optional(),
});

/** A Vertex AI channel's key: a service account of the project to call. */
export interface ServiceAccount {
  readonly projectId: string;
  readonly clientEmail: string;
  readonly privateKey: string;
  readonly privateKeyId: string | undefined;
  /** Where its JWTs are exchanged for access tokens (the key's `token_uri`). */
  readonly tokenUri: string;
  /** A digest of the key's text: a new key gets new tokens. */
  readonly fingerprint: string;
}

/**
 * Reads a channel's service-account JSON key. A key that is not one is a fault of the channel,
 * refused before any call (never quoted: it holds a private key).
 */
export function parseServiceAccount(key: string, channelId: number): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    parsed = undefined;
  }
  const result = serviceAccountKey.safeParse(parsed);
  if (!result.success) {
    const fields = parsed === undefined ? 'it is not JSON' : result.error.issues.map((issue) => issue.path.join('.') || 'key').join(', ');
    throw new InternalError(`channel #${channelId} has a key that is not a service-account JSON key (${fields})`, {
      code: 'channel_misconfigured',
    });
  }
  const account = result.data;
  return {
    projectId: account.project_id,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    privateKeyId: account.private_key_id,
    tokenUri: account.token_uri ?? GOOGLE_TOKEN_URL,
    fingerprint: createHash('sha256').update(key).digest('base64url'),
  };
}
