// Verifies the AWS Signature Version 4 of a Bedrock request the way AWS does: the request is
// signed again with `@smithy/signature-v4` (same signed headers, `x-amz-date`, region and body)
// with the secret of its access key, and the two signatures must match.
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BedrockException } from './bedrock-errors';

/** Access key ids and their secret access keys. */
export type AwsKeys = Readonly<Record<string, string>>;

/** The keys a fake upstream accepts unless started with its own. */
export const DEFAULT_AWS_KEYS: AwsKeys = Object.freeze({ AKIAFAKEFAKEFAKE: 'fake-secret-key' });

/** The signing service of Bedrock Runtime. */
const SERVICE = 'bedrock';
/** How far a request's `x-amz-date` may be from now, as AWS allows. */
const MAX_SKEW_MS = 15 * 60_000;

const fail = (name: string, message: string): BedrockException => ({ status: 403, name, message });

const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key ' +
  'and signing method. Consult the service documentation for details.';

/** `20240101T000000Z` as a date, or `undefined` when malformed. */
function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m === null ? undefined : new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** The parameters of a SigV4 `authorization` value, or the reason it is incomplete. */
function parseAuthorization(value: string): Record<string, string> | string {
  if (!value.startsWith('AWS4-HMAC-SHA256 ')) {
    return (
      "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. " +
      `Authorization header requires 'SignedHeaders' parameter. Authorization=${value.split(' ')[0]}`
    );
  }
  const params: Record<string, string> = {};
  for (const part of value.slice('AWS4-HMAC-SHA256 '.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  for (const name of ['Credential', 'SignedHeaders', 'Signature']) {
    if (params[name] === undefined || params[name] === '') return `Authorization header requires '${name}' parameter.`;
  }
  return params;
}

const signers = new Map<string, SignatureV4>();

function signerFor(accessKeyId: string, secretAccessKey: string, region: string): SignatureV4 {
  const key = `${accessKeyId}\n${secretAccessKey}\n${region}`;
  let signer = signers.get(key);
  if (signer === undefined) {
    if (signers.size > 1000) signers.clear();
    signer = new SignatureV4({
      service: SERVICE,
      region,
      credentials: { accessKeyId, secretAccessKey },
      sha256: Sha256,
      applyChecksum: false,
    });
    signers.set(key, signer);
  }
  return signer;
}

/**
 * Checks the SigV4 signature of `req` (whose body was `body`) against `keys`: `undefined` when it
 * holds, else the exception AWS answers.
 */
export async function verifySigV4(req: IncomingMessage, body: Buffer, keys: AwsKeys): Promise<BedrockException | undefined> {
  const authorization = req.headers.authorization;
  if (authorization === undefined || authorization === '') {
    return fail('MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  const params = parseAuthorization(authorization);
  if (typeof params === 'string') return fail('IncompleteSignatureException', params);
  const scope = params.Credential!.split('/');
  if (scope.length !== 5 || scope[4] !== 'aws4_request') {
    const message = `Credential should be scoped to a valid region. Credential=${params.Credential}`;
    return fail('IncompleteSignatureException', message);
  }
  const [accessKeyId, , region, service] = scope as [string, string, string, string, string];
  const secret = Object.hasOwn(keys, accessKeyId) ? keys[accessKeyId] : undefined;
  if (secret === undefined) return fail('UnrecognizedClientException', 'The security token included in the request is invalid.');
  if (service !== SERVICE) {
    return fail('InvalidSignatureException', `Credential should be scoped to correct service: '${SERVICE}'. `);
  }
  const amzDate = req.headers['x-amz-date'];
  const signingDate = typeof amzDate === 'string' ? parseAmzDate(amzDate) : undefined;
  if (signingDate === undefined) {
    const message = "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.";
    return fail('IncompleteSignatureException', message);
  }
  const skew = Date.now() - signingDate.getTime();
  if (Math.abs(skew) > MAX_SKEW_MS) {
    const message = `Signature expired: ${amzDate} is now out of the 15 minutes a signature is valid for.`;
    return fail('InvalidSignatureException', message);
  }
  const contentHash = req.headers['x-amz-content-sha256'];
  if (
    typeof contentHash === 'string' &&
    contentHash !== 'UNSIGNED-PAYLOAD' &&
    contentHash !== createHash('sha256').update(body).digest('hex')
  ) {
    return fail('InvalidSignatureException', MISMATCH);
  }

  const signed = params.SignedHeaders!.split(';');
  const headers: Record<string, string> = {};
  for (const name of signed) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const query: Record<string, string | string[]> = {};
  if (q >= 0) {
    for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
      const had = query[name];
      query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
  }
  const resigned = await signerFor(accessKeyId, secret, region).sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: headers.host ?? '',
      path: q < 0 ? url : url.slice(0, q),
      query,
      headers,
      body,
    },
    { signingDate, signingRegion: region, signingService: SERVICE, signableHeaders: new Set(signed) },
  );
  const expected = /Signature=([0-9a-f]+)/.exec(String(resigned.headers.authorization))?.[1];
  return expected !== undefined && expected === params.Signature ? undefined : fail('InvalidSignatureException', MISMATCH);
}
