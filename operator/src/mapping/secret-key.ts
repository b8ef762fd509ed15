/** Reading the API key out of the referenced Secret (pure). */
import type { V1Secret } from '@kubernetes/client-node';

export type KeyResolution = { ok: true; key: string } | { ok: false; reason: 'SecretNotFound' | 'SecretKeyMissing'; message: string };

/** The trimmed key under `dataKey` of `secret`, or why there is none. */
export function resolveApiKey(secret: V1Secret | undefined, reference: { namespace: string; name: string; key: string }): KeyResolution {
  if (!secret) return { ok: false, reason: 'SecretNotFound', message: `Secret ${reference.namespace}/${reference.name} not found` };
  const encoded = secret.data?.[reference.key];
  const value = encoded !== undefined ? Buffer.from(encoded, 'base64').toString('utf8') : secret.stringData?.[reference.key];
  if (value === undefined || value.trim() === '') {
    return { ok: false, reason: 'SecretKeyMissing', message: `Secret ${reference.namespace}/${reference.name} has no non-empty key ${JSON.stringify(reference.key)}` };
  }
  return { ok: true, key: value.trim() };
}
