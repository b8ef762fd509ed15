/**
 * The vocabulary of the benchmark: what is measured (targets, modes, connection counts) and the
 * shape of one scenario's result. Shared by the orchestrator, the load worker and the report.
 */

/**
 * Where the requests go and in which API: straight to the fake upstream, through the least
 * proxy Node can be (`bare`: node:http in front of undici, the ceiling of any Node gateway),
 * through the peer gateway, or through ours. `relay` is the relay passing OpenAI chat completions through to its
 * OpenAI channel; `relay-anthropic` and `relay-gemini` are the same relay process and channel,
 * called with Anthropic Messages requests (`/v1/messages`) and Gemini generateContent requests
 * (`/v1beta/models/{model}:generateContent`) that it translates to OpenAI and back.
 * `relay-responses` is the same relay and channel called with OpenAI Responses requests
 * (`/v1/responses`), which that channel serves, so they pass through; `relay-responses-chat` asks
 * the same of a model whose channel speaks only chat completions (a DeepSeek channel on the same
 * fake upstream), so the relay converts them through chat completions and back. The relay
 * targets differ only in the client's protocol (and the channel it reaches), so their difference
 * from `relay` is what that protocol costs. `relay-2w` is the chat passthrough of `relay` sent to a
 * second relay process started with two node:cluster workers behind its one port
 * ({@link RELAY_2W_WORKERS}), on the same billing, database, NATS namespace, channel and token:
 * its difference from `relay` is what a second worker buys on this machine.
 */
import type { CpuSplit } from './cpu-split';

export type TargetName =
  | 'direct'
  | 'bare'
  | 'portkey'
  | 'relay'
  | 'relay-anthropic'
  | 'relay-gemini'
  | 'relay-responses'
  | 'relay-responses-chat'
  | 'relay-2w';

/** Every target, in the order the run measures and the report lists them. */
export const TARGET_NAMES: readonly TargetName[] = [
  'direct',
  'bare',
  'portkey',
  'relay',
  'relay-anthropic',
  'relay-gemini',
  'relay-responses',
  'relay-responses-chat',
  'relay-2w',
];

/** Human names used in tables. */
export const TARGET_LABELS: Readonly<Record<TargetName, string>> = {
  direct: 'direct (fake upstream)',
  bare: 'bare Node proxy (node:http + undici)',
  portkey: 'Portkey gateway OSS',
  relay: 'Modelgate relay',
  'relay-anthropic': 'Modelgate relay (Anthropic → OpenAI)',
  'relay-gemini': 'Modelgate relay (Gemini → OpenAI)',
  'relay-responses': 'Modelgate relay (Responses, passthrough)',
  'relay-responses-chat': 'Modelgate relay (Responses → chat)',
  'relay-2w': 'Modelgate relay, 2 workers',
};

/**
 * The API a client speaks: OpenAI chat completions, Anthropic's Messages API, Gemini's
 * generateContent, or OpenAI's Responses API.
 */
export type Protocol = 'openai' | 'anthropic' | 'gemini' | 'responses';

/** What each target's requests speak. */
export const TARGET_PROTOCOLS: Readonly<Record<TargetName, Protocol>> = {
  direct: 'openai',
  bare: 'openai',
  portkey: 'openai',
  relay: 'openai',
  'relay-anthropic': 'anthropic',
  'relay-gemini': 'gemini',
  'relay-responses': 'responses',
  'relay-responses-chat': 'responses',
  'relay-2w': 'openai',
};

/**
 * The relay's targets that the Translation table compares with its chat passthrough (`relay`):
 * the translated protocols, and the Responses API passed through and converted.
 */
export type ComparedTarget = 'relay-anthropic' | 'relay-gemini' | 'relay-responses' | 'relay-responses-chat';

/** The compared targets, in the order the run measures them (each group right after `relay`). */
export const COMPARED_TARGETS: readonly ComparedTarget[] = ['relay-anthropic', 'relay-gemini', 'relay-responses', 'relay-responses-chat'];

/**
 * The targets served by the one-process relay (one relay stack serves them all); `relay-2w` is
 * served by another relay process and is not among them.
 */
export const RELAY_TARGETS: readonly TargetName[] = ['relay', ...COMPARED_TARGETS];

/** How many node:cluster workers the relay of `relay-2w` runs. */
export const RELAY_2W_WORKERS = 2;

/**
 * `json`: a whole chat completion (or Anthropic Message, Gemini response, or Response);
 * `stream`: the same answer as server-sent events.
 */
export type Mode = 'json' | 'stream';

export const MODES: readonly Mode[] = ['json', 'stream'];

/** One measured combination. */
export interface ScenarioKey {
  target: TargetName;
  mode: Mode;
  connections: number;
}

/** Percentiles of a set of durations, in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Resident memory of the process behind a target while and after it was loaded, in MB. */
export interface RssStats {
  /** Before the scenario's load started. */
  beforeMb: number;
  /** Highest sample while the load ran. */
  peakMb: number;
}

/** What the load worker measured for one scenario. */
export interface LoadOutcome {
  /** Seconds the measured phase lasted (warm-up excluded). */
  durationS: number;
  /** Responses with a 2xx status. */
  ok: number;
  /** Responses with any other status. */
  non2xx: number;
  /** Connection errors (refused, reset) and timeouts together. */
  errors: number;
  timeouts: number;
  /** Count per status code, for the explanation of an invalid scenario. */
  statusCodes: Record<string, number>;
  /** Full-response latency of 2xx answers; null when there was none. */
  latency: LatencySummary | null;
  /** Time to the first body byte of streaming 2xx answers (streaming scenarios only). */
  ttfc: LatencySummary | null;
  /** Streaming probe requests that failed or answered non-2xx. */
  ttfcFailures: number;
}

/** One scenario as reported. */
export interface ScenarioResult extends ScenarioKey, LoadOutcome {
  /** 2xx responses per second of the measured phase. */
  rps: number;
  rss: RssStats | null;
  /** CPU per answered request of every process during the measured phase; null when unreadable. */
  cpu: CpuSplit | null;
  /** Why the numbers must not be trusted; undefined for a clean scenario. */
  invalidReason?: string;
}
