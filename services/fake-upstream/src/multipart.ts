// A small multipart/form-data reader for the audio and image uploads: fields as strings, files as
// their name, type and size (a repeated name becomes a list).
import type { FakeFile } from './types';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` content type, or `undefined`. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (contentType === undefined || (contentType.charCodeAt(0) | 0x20) !== 0x6d) return undefined; // not "m…"
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return undefined;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match === null ? undefined : (match[1] ?? match[2]);
}

const headerParam = (header: string, name: string): string | undefined => {
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(header);
  return match === null ? undefined : match[1];
};

/** Sets a field; a repeated name becomes a list of its values. */
function add(fields: Record<string, unknown>, name: string, value: unknown): void {
  const previous = fields[name];
  if (previous === undefined) fields[name] = value;
  else if (Array.isArray(previous)) previous.push(value);
  else fields[name] = [previous, value];
}

/** The fields and files of a multipart body, or `undefined` when it is malformed. */
export function parseMultipart(body: Buffer, boundary: string): Record<string, unknown> | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, unknown> = {};
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return fields; // closing "--"
    if (!body.subarray(at, at + 2).equals(CRLF)) return undefined;
    const headersEnd = body.indexOf(HEADER_END, at);
    if (headersEnd < 0) return undefined;
    const headers = body.toString('latin1', at + 2, headersEnd).split('\r\n');
    const dataStart = headersEnd + 4;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), dataStart);
    if (next < 0) return undefined;
    let disposition = '';
    let partType: string | undefined;
    for (const line of headers) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === 'content-disposition') disposition = line.slice(colon + 1);
      else if (name === 'content-type') partType = line.slice(colon + 1).trim();
    }
    const name = headerParam(disposition, 'name');
    if (name === undefined) return undefined;
    const filename = headerParam(disposition, 'filename');
    if (filename !== undefined) {
      const file: FakeFile = { filename, contentType: partType, size: next - dataStart };
      add(fields, name, file);
    } else {
      add(fields, name, body.toString('utf8', dataStart, next));
    }
    at = next + 2;
  }
}
