import { status as Status } from '@grpc/grpc-js';
import { Counter, Histogram, type Registry } from 'prom-client';
import { LabelledChildren } from '../metrics/bounded-label';
import { existingMetric, LATENCY_BUCKETS } from '../metrics/registry';
import type { RpcMethod } from './rpc-telemetry';

const CODE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(Status)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => [value as number, name]),
);

/**
 * Calls a gRPC server handled, by service, method and status code (every label from the service
 * definitions, so bounded), and how long they took. The services of the embedded stack share one
 * registry, so the metrics are registered once and shared.
 */
export class GrpcServerMetrics {
  private readonly handled: Counter<'grpc_service' | 'grpc_method' | 'grpc_code'>;
  private readonly seconds: Histogram<'grpc_service' | 'grpc_method'>;
  private readonly handledChildren: LabelledChildren<{ inc(): void }>;
  private readonly secondsChildren: LabelledChildren<{ observe(value: number): void }>;

  constructor(registry: Registry) {
    this.handled =
      existingMetric(registry, 'modelgate_grpc_server_handled_total') ??
      new Counter({
        name: 'modelgate_grpc_server_handled_total',
        help: 'gRPC calls handled, by service, method and status code',
        labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
        registers: [registry],
      });
    this.seconds =
      existingMetric(registry, 'modelgate_grpc_server_handling_seconds') ??
      new Histogram({
        name: 'modelgate_grpc_server_handling_seconds',
        help: 'Time from a gRPC call’s arrival to its answer, by service and method',
        labelNames: ['grpc_service', 'grpc_method'],
        buckets: [...LATENCY_BUCKETS],
        registers: [registry],
      });
    this.handledChildren = new LabelledChildren((v) => this.handled.labels(v[0]!, v[1]!, v[2]!));
    this.secondsChildren = new LabelledChildren((v) => this.seconds.labels(v[0]!, v[1]!));
  }

  observe(method: RpcMethod, code: number, seconds: number): void {
    this.handledChildren.get([method.service, method.method, CODE_NAMES[code] ?? String(code)]).inc();
    this.secondsChildren.get([method.service, method.method]).observe(seconds);
  }
}
