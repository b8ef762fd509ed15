import { z } from 'zod';
import { defineConfig } from '../config/load-config';

/** `METRICS_PORT`: a port (0 picks a free one) or `off`. */
function metricsPort(fallback: number | 'off') {
  return z
    .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)], { message: 'must be a port number or off' })
    .default(fallback);
}

/**
 * Where a process serves `/metrics`: its own port, never the public one. Each service has its own
 * default port, so services started by hand on one machine do not collide; the chart sets
 * METRICS_HOST=0.0.0.0 so Prometheus can reach the pod.
 */
export function metricsConfig(defaultPort: number | 'off', defaultHost = '127.0.0.1') {
  return defineConfig({
    metricsPort: {
      env: 'METRICS_PORT',
      schema: metricsPort(defaultPort),
      description: 'port of the Prometheus /metrics listener (off: none)',
    },
    metricsHost: {
      env: 'METRICS_HOST',
      schema: z.string().min(1).default(defaultHost),
      description: 'interface the /metrics listener binds (0.0.0.0 in a pod)',
    },
  });
}

/** The default `/metrics` port of each service run as its own process. */
export const DEFAULT_METRICS_PORTS = {
  edge: 9460,
  identity: 9461,
  billing: 9462,
  relay: 9463,
  task: 9464,
} as const;
