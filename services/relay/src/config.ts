import { defineConfig, env } from '@modelgate/runtime';
import { z } from 'zod';

const nonNegativeSeconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/**
 * Settings of the data plane, shared by the relay process and the embedded stack (which spreads
 * them into its own configuration).
 */
export const relayDataPlaneConfig = defineConfig({
  maxRequestBodyMb: {
    env: 'MAX_REQUEST_BODY_MB',
    schema: env.positiveInt(32),
    description: 'largest /v1 request body accepted, in MiB (larger bodies get 413)',
  },
  streamingTimeoutSeconds: {
    env: 'STREAMING_TIMEOUT',
    schema: nonNegativeSeconds(120),
    description: 'longest silence inside an upstream response body before it is abandoned (0: none)',
  },
  relayTimeoutSeconds: {
    env: 'RELAY_TIMEOUT',
    schema: nonNegativeSeconds(0),
    description: 'time allowed until an upstream answers with headers (0: as long as the client waits)',
  },
  upstreamConnectTimeoutSeconds: {
    env: 'UPSTREAM_CONNECT_TIMEOUT',
    schema: env.positiveInt(10),
    description: 'TCP/TLS connect timeout of upstream calls',
  },
  upstreamConnections: {
    env: 'UPSTREAM_CONNECTIONS',
    schema: env.positiveInt(256),
    description: 'keep-alive connections pooled per upstream origin',
  },
  forceStreamOption: {
    env: 'FORCE_STREAM_OPTION',
    schema: env.boolean(true),
    description: 'ask upstreams that support it to report usage in streams (stream_options.include_usage)',
  },
});

/** The parsed data-plane settings. */
export interface RelayDataPlaneSettings {
  maxRequestBodyMb: number;
  streamingTimeoutSeconds: number;
  relayTimeoutSeconds: number;
  upstreamConnectTimeoutSeconds: number;
  upstreamConnections: number;
  forceStreamOption: boolean;
}

/** The defaults, for callers that start the relay without reading the environment (tests). */
export const DEFAULT_DATA_PLANE_SETTINGS: RelayDataPlaneSettings = Object.freeze({
  maxRequestBodyMb: 32,
  streamingTimeoutSeconds: 120,
  relayTimeoutSeconds: 0,
  upstreamConnectTimeoutSeconds: 10,
  upstreamConnections: 256,
  forceStreamOption: true,
});
