// Reading and checking the RS256 JWT a service account signs for Google's JWT-bearer grant.
import { type KeyObject, verify } from 'node:crypto';

/** The parts of a compact JWS, decoded. */
export interface Jwt {
  readonly header: Record<string, unknown>;
  readonly claims: Record<string, unknown>;
  /** The signed bytes: `base64url(header).base64url(claims)`. */
  readonly signed: string;
  readonly signature: Buffer;
}

const parseSegment = (segment: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The JWT of a compact serialisation, or `undefined` when it is not one. */
export function decodeJwt(compact: string): Jwt | undefined {
  const parts = compact.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return undefined;
  const header = parseSegment(parts[0]!);
  const claims = parseSegment(parts[1]!);
  if (header === undefined || claims === undefined) return undefined;
  return { header, claims, signed: `${parts[0]}.${parts[1]}`, signature: Buffer.from(parts[2]!, 'base64url') };
}

/** Whether `jwt` is RS256-signed by `publicKey` (an RSA key; any other kind never verifies). */
export function verifiesRs256(jwt: Jwt, publicKey: KeyObject): boolean {
  if (jwt.header.alg !== 'RS256' || publicKey.asymmetricKeyType !== 'rsa') return false;
  try {
    return verify('RSA-SHA256', Buffer.from(jwt.signed), publicKey, jwt.signature);
  } catch {
    return false;
  }
}
