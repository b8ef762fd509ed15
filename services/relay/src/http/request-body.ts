import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { AppError, GrpcCode, ValidationError } from '@modelgate/runtime';

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);
const brotliAsync = promisify(brotliDecompress);

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

/**
 * Reads a request body into one buffer, refusing more than `limitBytes` — up front from
 * `Content-Length`, else as the bytes arrive (the socket is not read further) — and undoing a
 * `Content-Encoding` of gzip, deflate or br (the reference accepts compressed bodies) with the
 * same limit on the decompressed size, so a small compressed bomb cannot exhaust memory.
 */
export async function readRequestBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw new PayloadTooLargeError(limitBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new PayloadTooLargeError(limitBytes);
    chunks.push(chunk);
  }
  const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return decode(raw, req.headers['content-encoding'], limitBytes);
}

async function decode(raw: Buffer, encodingHeader: string | undefined, limitBytes: number): Promise<Buffer> {
  const encoding = encodingHeader?.trim().toLowerCase();
  if (!encoding || encoding === 'identity' || raw.length === 0) return raw;
  const options = { maxOutputLength: limitBytes };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return await gunzipAsync(raw, options);
    if (encoding === 'deflate') return await inflateAsync(raw, options);
    if (encoding === 'br') return await brotliAsync(raw, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLargeError(limitBytes);
    throw new ValidationError(`request body is not valid ${encoding} data`, { code: 'invalid_content_encoding' });
  }
  throw new ValidationError(`unsupported Content-Encoding: ${encoding}`, { code: 'unsupported_content_encoding' });
}
