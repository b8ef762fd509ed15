import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as received over OTLP/HTTP JSON. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
}

/**
 * A stand-in OpenTelemetry collector for tests: accepts OTLP/HTTP JSON trace exports on
 * `POST /v1/traces` and keeps the spans. Binds 127.0.0.1 on a free port.
 */
export class OtlpCollector {
  readonly spans: ReceivedSpan[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<OtlpCollector> {
    let collector: OtlpCollector | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') {
          collector?.record(Buffer.concat(chunks).toString('utf8'));
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('{}');
        } else {
          res.writeHead(404);
          res.end();
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    collector = new OtlpCollector(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return collector;
  }

  private record(body: string): void {
    const payload = JSON.parse(body) as {
      resourceSpans?: Array<{
        resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
        scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'service'>> }>;
      }>;
    };
    for (const resourceSpans of payload.resourceSpans ?? []) {
      const service =
        resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({ ...span, parentSpanId: span.parentSpanId ?? '', service });
        }
      }
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
