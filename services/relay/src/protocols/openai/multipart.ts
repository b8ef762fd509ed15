/**
 * Setting one text field of a `multipart/form-data` body without re-encoding the rest (the audio
 * file stays the same bytes). Used when the model of a transcription or translation is mapped.
 */

const HEADER_END = Buffer.from('\r\n\r\n');
const DASH = 0x2d;

/** The boundary parameter of a multipart content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** True when a part's header block declares the form field `name` (not a `filename`). */
function declaresField(headers: string, name: string): boolean {
  for (const line of headers.split('\r\n')) {
    if (!/^content-disposition\s*:/i.test(line)) continue;
    const match = /;\s*name="([^"]*)"/i.exec(line);
    return match?.[1] === name;
  }
  return false;
}

/** Where a text field's value lies in a multipart body, or where a new part would go. */
interface FieldLocation {
  /** The value's byte range, when the field exists. */
  readonly value?: { readonly start: number; readonly end: number };
  /** Offset of the closing delimiter (new parts go before it). */
  readonly closing?: number;
}

/** Walks the parts of a multipart body looking for the text field `name`; undefined when malformed. */
function locateField(body: Buffer, boundary: string, name: string): FieldLocation | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const afterDelimiter = at + delimiter.length;
    if (body[afterDelimiter] === DASH && body[afterDelimiter + 1] === DASH) return { closing: at };
    const headersStart = afterDelimiter + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd < 0) return undefined;
    const valueStart = headersEnd + HEADER_END.length;
    const valueEnd = body.indexOf(nextDelimiter, valueStart);
    if (valueEnd < 0) return undefined;
    if (declaresField(body.toString('latin1', headersStart, headersEnd), name)) {
      return { value: { start: valueStart, end: valueEnd } };
    }
    at = valueEnd + 2;
  }
  return undefined;
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
