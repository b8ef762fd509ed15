import http2 from 'node:http2';

/** What a gRPC server answered to one raw call: its status, message and Modelgate error code. */
export interface RawGrpcAnswer {
  /** `grpc-status` (0 is OK, 16 UNAUTHENTICATED). */
  status: number;
  message: string;
  /** The `modelgate-error-code` trailer, when the server sent one. */
  code: string | undefined;
  /** The response message bytes (without the 5-byte gRPC frame header). */
  body: Buffer;
}

/**
 * A bare HTTP/2 (h2c) connection speaking just enough gRPC for unary calls: what any pod that can
 * reach a service's port could send, without Modelgate's client library and its interceptors.
 */
export class RawGrpcConnection {
  private readonly session: http2.ClientHttp2Session;

  constructor(address: string) {
    this.session = http2.connect(`http://${address}`);
    this.session.on('error', () => undefined);
  }

  /** Calls `path` (`/<package.Service>/<Method>`) with `message` (serialized) and `metadata`. */
  call(path: string, metadata: Record<string, string> = {}, message: Buffer = Buffer.alloc(0)): Promise<RawGrpcAnswer> {
    return new Promise((resolve, reject) => {
      const stream = this.session.request({
        ':method': 'POST',
        ':path': path,
        'content-type': 'application/grpc',
        te: 'trailers',
        ...metadata,
      });
      let headers: http2.IncomingHttpHeaders = {};
      let trailers: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => {
        headers = received;
      });
      stream.on('trailers', (received) => {
        trailers = received;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => {
        // A refusal before any message comes "trailers-only": the status is in the headers.
        const all = { ...headers, ...trailers };
        const text = (name: string) => (typeof all[name] === 'string' ? (all[name] as string) : undefined);
        const body = Buffer.concat(chunks);
        resolve({
          status: Number(text('grpc-status') ?? Number.NaN),
          message: decodeURIComponent(text('grpc-message') ?? ''),
          code: text('modelgate-error-code'),
          body: body.length >= 5 ? body.subarray(5) : Buffer.alloc(0),
        });
      });
      const frame = Buffer.alloc(5 + message.length);
      frame.writeUInt32BE(message.length, 1);
      message.copy(frame, 5);
      stream.end(frame);
    });
  }

  close(): void {
    this.session.close();
  }
}
