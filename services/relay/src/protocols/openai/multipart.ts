/**
 * Reading and setting the fields of a `multipart/form-data` body without re-encoding the rest (the
 * uploaded files stay the same bytes). Used for audio transcriptions and translations and for image
 * edits and variations: their billable fields are read in place, and the model is set when mapped.
 */

const HEADER_END = Buffer.from('\r\n\r\n');
const DASH = 0x2d;

/** The boundary parameter of a multipart content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The `name` and `filename` a part's header block declares, and its `Content-Type`. */
interface PartHeaders {
  readonly name: string | undefined;
  readonly filename: string | undefined;
  readonly contentType: string | undefined;
}

function partHeaders(headers: string): PartHeaders {
  let name: string | undefined;
  let filename: string | undefined;
  let contentType: string | undefined;
  for (const line of headers.split('\r\n')) {
    if (/^content-disposition\s*:/i.test(line)) {
      name = /;\s*name="([^"]*)"/i.exec(line)?.[1];
      filename = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
    } else if (/^content-type\s*:/i.test(line)) {
      contentType = line.slice(line.indexOf(':') + 1).trim();
    }
  }
  return { name, filename, contentType };
}

/** One part of a multipart body: what its headers declare and where its value lies. */
export interface MultipartPart extends PartHeaders {
  /** The value's byte range in the body. */
  readonly start: number;
  readonly end: number;
}

/** A walk over a multipart body: its parts, then the offset of the closing delimiter. */
interface PartsWalk {
  readonly parts: MultipartPart[];
  /** Offset of the closing delimiter (new parts go before it). */
  readonly closing: number;
}

/**
 * Walks the parts of a multipart body, stopping early once `stop` accepts a part; undefined when
 * the body is malformed (no closing delimiter reached and no part accepted). Values are byte
 * ranges: nothing of the body is copied.
 */
function walkParts(body: Buffer, boundary: string, stop?: (part: MultipartPart) => boolean): PartsWalk | MultipartPart | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const afterDelimiter = at + delimiter.length;
    if (body[afterDelimiter] === DASH && body[afterDelimiter + 1] === DASH) return { parts, closing: at };
    const headersStart = afterDelimiter + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd < 0) return undefined;
    const valueStart = headersEnd + HEADER_END.length;
    const valueEnd = body.indexOf(nextDelimiter, valueStart);
    if (valueEnd < 0) return undefined;
    const part = { ...partHeaders(body.toString('latin1', headersStart, headersEnd)), start: valueStart, end: valueEnd };
    if (stop?.(part)) return part;
    if (!stop) parts.push(part);
    at = valueEnd + 2;
  }
  return undefined;
}

/** The parts of a multipart body in order, or undefined when it is not the form its content type says. */
export function multipartParts(body: Buffer, contentType: string | undefined): readonly MultipartPart[] | undefined {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return undefined;
  const walk = walkParts(body, boundary);
  return walk && 'parts' in walk ? walk.parts : undefined;
}

/** Where a text field's value lies in a multipart body, or where a new part would go. */
interface FieldLocation {
  /** The value's byte range, when the field exists. */
  readonly value?: { readonly start: number; readonly end: number };
  /** Offset of the closing delimiter (new parts go before it). */
  readonly closing?: number;
}

/** Looks for the text field `name` (a part without a `filename`); undefined when malformed. */
function locateField(body: Buffer, boundary: string, name: string): FieldLocation | undefined {
  const found = walkParts(body, boundary, (part) => part.name === name && part.filename === undefined);
  if (!found) return undefined;
  return 'parts' in found ? { closing: found.closing } : { value: { start: found.start, end: found.end } };
}

/** The text field `name` of a multipart body, or undefined when absent or the body is malformed. */
export function readMultipartField(body: Buffer, contentType: string | undefined, name: string): string | undefined {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return undefined;
  const value = locateField(body, boundary, name)?.value;
  return value ? body.toString('utf8', value.start, value.end) : undefined;
}

/**
 * The body with the text field `name` set to `value`: the existing part's value is replaced, or
 * a new part is added before the closing boundary. Undefined when nothing needs to change (the
 * field already holds `value`) or the body is not the multipart form its content type says, in
 * which case the caller forwards it untouched and lets the upstream judge it.
 */
export function setMultipartField(
  body: Buffer,
  contentType: string | undefined,
  name: string,
  value: string,
): Buffer | undefined {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return undefined;
  const location = locateField(body, boundary, name);
  if (location?.value) {
    const { start, end } = location.value;
    if (body.toString('utf8', start, end) === value) return undefined;
    return Buffer.concat([body.subarray(0, start), Buffer.from(value), body.subarray(end)]);
  }
  if (location?.closing === undefined) return undefined;
  const at = location.closing;
  const part = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.concat([body.subarray(0, at), part, body.subarray(at)]);
}
