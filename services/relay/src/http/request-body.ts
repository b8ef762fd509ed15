import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { AppError, GrpcCode, isAppError, ValidationError } from '@modelgate/runtime';
import type { BodyCharge } from './body-budget';

/** A body (or its decompressed form) above the configured limit: HTTP 413 in the OpenAI shape. */
export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(
      'request_too_large',
      `request body exceeds the limit of ${limitBytes} bytes`,
      413,
      GrpcCode.RESOURCE_EXHAUSTED,
    );
  }
}

/** The body length a request declares, or undefined when it sends none (chunked) or nonsense. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const declared = Number(header);
  return Number.isFinite(declared) && declared >= 0 ? declared : undefined;
}

/**
 * Reads a request body into one buffer, refusing more than `limitBytes` — up front from
 * `Content-Length`, else as the bytes arrive (the socket is not read further) — and undoing a
 * `Content-Encoding` of gzip, deflate or br (the reference accepts compressed bodies) with the
 * same limit on the decompressed size, so a small compressed bomb cannot exhaust memory.
 *
 * With a `charge`, the body is accounted in the process's {@link BodyCharge | body budget}: the
 * declared length before anything is read (a large body without room is refused then, 429), a
 * body without `Content-Length` as it arrives, and a compressed one by its decoded size as it is
 * inflated (with its compressed bytes until it is done).
 */
export async function readRequestBody(req: IncomingMessage, limitBytes: number, charge?: BodyCharge): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limitBytes) throw new PayloadTooLargeError(limitBytes);
  if (charge && declared !== undefined) charge.grow(declared);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new PayloadTooLargeError(limitBytes);
    if (charge && size > charge.bytes) charge.grow(size);
    chunks.push(chunk);
  }
  const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return decode(raw, req.headers['content-encoding'], limitBytes, charge);
}

/** The inflaters of the content encodings the relay undoes. */
const INFLATERS: ReadonlyMap<string, () => Transform> = new Map<string, () => Transform>([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

/**
 * Undoes a content encoding as a stream, so the decoded size is known (and charged) as it grows:
 * 413 past the limit, 429 when a charge finds no room, 400 for data that is not in the encoding.
 */
async function decode(raw: Buffer, encodingHeader: string | undefined, limitBytes: number, charge?: BodyCharge): Promise<Buffer> {
  const encoding = encodingHeader?.trim().toLowerCase();
  if (!encoding || encoding === 'identity' || raw.length === 0) return raw;
  const create = INFLATERS.get(encoding);
  if (!create) throw new ValidationError(`unsupported Content-Encoding: ${encoding}`, { code: 'unsupported_content_encoding' });
  const inflater = create();
  inflater.end(raw);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limitBytes) throw new PayloadTooLargeError(limitBytes);
      // While it inflates, the compressed bytes are held as well.
      charge?.grow(raw.length + size);
      chunks.push(chunk);
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new ValidationError(`request body is not valid ${encoding} data`, { code: 'invalid_content_encoding' });
  }
  charge?.settle(size);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
