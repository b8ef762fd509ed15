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
    description: 'largest request body of any endpoint, in MiB: the multipart uploads (audio transcriptions and translations, image edits and variations) take it, the JSON endpoints at most it (413 above)',
  },
  maxChatBodyMb: {
    env: 'MAX_CHAT_BODY_MB',
    schema: env.positiveInt(16),
    description: 'largest body of chat completions, Anthropic Messages, Gemini generateContent (and their token counting) and the playground, in MiB (413 above)',
  },
  maxJsonBodyMb: {
    env: 'MAX_JSON_BODY_MB',
    schema: env.positiveInt(8),
    description: 'largest body of the other JSON endpoints (completions, embeddings, moderations, rerank, images, speech), in MiB',
  },
  largeBodyKb: {
    env: 'LARGE_BODY_KB',
    schema: env.positiveInt(1024),
    description: 'a request body above this many KiB is large: it needs room in the body budget and a free slot of its token',
  },
  largeBodiesPerToken: {
    env: 'LARGE_BODIES_PER_TOKEN',
    schema: env.positiveInt(4),
    description: 'large request bodies one token may have in flight at once (429 with Retry-After beyond)',
  },
  requestBodyBudgetMb: {
    env: 'REQUEST_BODY_BUDGET_MB',
    schema: z.coerce.number().int().min(0).default(0),
    description: 'MiB of request bodies the process holds at once before it refuses large ones (429); 0: an eighth of the V8 heap limit',
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
    schema: z.coerce.number().int().min(0).default(0),
    description: 'most connections open at once to one upstream origin, requests beyond waiting for a free one; 0 (the default): no cap, every request gets a connection at once (idle ones are kept alive for reuse)',
  },
  upstreamCaFile: {
    env: 'UPSTREAM_CA_FILE',
    schema: z.string().trim().default(''),
    description: 'a PEM file of certificate authorities upstream TLS connections trust besides the system ones (model servers behind a private CA); empty: the system ones only',
  },
  tokenCacheSize: {
    env: 'TOKEN_CACHE_SIZE',
    schema: env.positiveInt(50_000),
    description: 'API tokens (with their owners) a relay keeps in memory, least recently used dropped first; a token not in memory costs one indexed query',
  },
  circuitFailures: {
    env: 'CIRCUIT_BREAKER_FAILURES',
    schema: z.coerce.number().int().min(0).default(5),
    description: "failures in a row (transport errors, timeouts, 5xx, 429, the provider refusing the channel's key) that open a channel's circuit breaker; 0: only the failure rate opens it",
  },
  circuitFailureRatePercent: {
    env: 'CIRCUIT_BREAKER_FAILURE_RATE',
    schema: z.coerce.number().int().min(0).max(100).default(50),
    description: "share of failed calls, in percent, over at least 20 calls within a minute that opens a channel's circuit breaker; 0: off",
  },
  circuitCooldownSeconds: {
    env: 'CIRCUIT_BREAKER_COOLDOWN',
    schema: env.positiveInt(30),
    description: "seconds an open circuit breaker keeps traffic away from its channel before one probe request may try it (the provider's Retry-After when longer; doubled after each failed probe, up to 10 minutes)",
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
  maxChatBodyMb: number;
  maxJsonBodyMb: number;
  largeBodyKb: number;
  largeBodiesPerToken: number;
  /** 0: an eighth of the V8 heap limit. */
  requestBodyBudgetMb: number;
  streamingTimeoutSeconds: number;
  relayTimeoutSeconds: number;
  upstreamConnectTimeoutSeconds: number;
  /** 0: no cap per origin. */
  upstreamConnections: number;
  /** A PEM file of extra certificate authorities for upstream TLS; empty: none. */
  upstreamCaFile: string;
  /** Tokens the credential cache holds at most. */
  tokenCacheSize: number;
  circuitFailures: number;
  circuitFailureRatePercent: number;
  circuitCooldownSeconds: number;
  forceStreamOption: boolean;
}

/** The defaults, for callers that start the relay without reading the environment (tests). */
export const DEFAULT_DATA_PLANE_SETTINGS: RelayDataPlaneSettings = Object.freeze({
  maxRequestBodyMb: 32,
  maxChatBodyMb: 16,
  maxJsonBodyMb: 8,
  largeBodyKb: 1024,
  largeBodiesPerToken: 4,
  requestBodyBudgetMb: 0,
  streamingTimeoutSeconds: 120,
  relayTimeoutSeconds: 0,
  upstreamConnectTimeoutSeconds: 10,
  upstreamConnections: 0,
  upstreamCaFile: '',
  tokenCacheSize: 50_000,
  circuitFailures: 5,
  circuitFailureRatePercent: 50,
  circuitCooldownSeconds: 30,
  forceStreamOption: true,
});
