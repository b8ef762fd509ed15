import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** A request Node's HTTP parser refused before any handler saw it. */
export interface MalformedHttp {
  /** 431 for a head over the size limit, 408 for one that never finished, else 400. */
  readonly status: 400 | 408 | 431;
  readonly message: string;
  /**
   * The request's path when its first line could be read: it picks the answer's shape. Unknown
   * when the line is not in the packet the parser failed on (a head that arrived in pieces).
   */
  readonly path: string | undefined;
}

/** The answer to a malformed request, in the shape the service answers `path` with. */
export type MalformedHttpAnswer = (fault: MalformedHttp) => { readonly contentType: string; readonly body: string };

interface ParserError extends Error {
  readonly code?: string;
  readonly rawPacket?: Buffer;
}

// The method and target of a request line, as far as it was read (a head too large may end
// inside it); the packet may begin with the end of the previous request's body.
const REQUEST_LINE = /(?:^|\n)([A-Z]{3,10}) ([^\s?]*)/;

/** The request line's method, and its path when the target is one (`%2f…` or `*` is not). */
function requestLineOf(error: ParserError): { method: string; path: string | undefined } | undefined {
  const line = REQUEST_LINE.exec(error.rawPacket?.subarray(0, 8_192).toString('latin1') ?? '');
  if (!line) return undefined;
  const target = line[2]!;
  return { method: line[1]!, path: target.startsWith('/') ? target : undefined };
}

function faultOf(error: ParserError, path: string | undefined): MalformedHttp {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'request headers too large', path };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, message: 'request not received in time', path };
    default:
      return { status: 400, message: 'malformed HTTP request', path };
  }
}

/**
 * Answers requests Node's parser refuses (oversized heads, bad request lines, invalid header
 * characters, conflicting lengths) in the service's own error shape instead of Node's bare status
 * line, then closes the connection, as the parser cannot go on reading it. A connection already
 * answering, or already gone is just closed.
 */
export function answerMalformedHttp(server: Server, answer: MalformedHttpAnswer): void {
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const line = requestLineOf(error);
    const fault = faultOf(error, line?.path);
    const { contentType, body } = answer(fault);
    // An answer to HEAD has no body (its client would read the body as the next answer).
    socket.end(
      `HTTP/1.1 ${fault.status} ${STATUS_CODES[fault.status]}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${line?.method === 'HEAD' ? '' : body}`,
    );
  });
}
