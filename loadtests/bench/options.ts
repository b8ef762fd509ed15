import { DEFAULT_STREAM_RUNS, parseStreamRuns, type StreamRun } from './scale-plan';
import { type Mode, MODES, RELAY_2W_WORKERS, TARGET_NAMES, type TargetName } from './types';

/** How one `npm run bench` run is shaped. */
export interface BenchOptions {
  /** Seconds of measured load per scenario. */
  durationS: number;
  /** Seconds of unmeasured load before each scenario, so JIT and connection pools are warm. */
  warmupS: number;
  /** Seconds of the time-to-first-chunk probe after each streaming scenario. */
  ttfcS: number;
  /** Concurrent connections, each a separate scenario (ascending). */
  connections: number[];
  /** Targets to measure (all by default). */
  only: TargetName[];
  /** Modes to measure (both by default), in the canonical order json, stream. */
  modes: Mode[];
  /** True when `--quick` shortened the run; the report says so. */
  quick: boolean;
  /** Where the generated report goes; null to write nothing. */
  out: string | null;
  /** Exit with status 1 when a target is missed, for CI jobs that gate on performance. */
  strict: boolean;
  /** Run the relay under the V8 CPU profiler and add its hottest functions to the report. */
  profile: boolean;
  /** Log rows of the log-query scenario's seeded table; 0 skips the scenario. */
  logRows: number;
  /** Also run the scale scenarios (large database, many slow streams). */
  scale: boolean;
  /** Which scale scenarios run: the large database, the slow streams, or both. */
  scaleOnly: ScalePart[];
  /** The slow-stream runs of the scale scenarios, in the order given. */
  scaleStreams: StreamRun[];
  /** Turn every traffic limit on (user, token and channel), set high enough never to refuse. */
  limits: boolean;
  help: boolean;
}

export const DEFAULT_OUT = 'docs/benchmarks.md';

/** The parts of `--scale`: the relay on a large database, and many slow streams open at once. */
export const SCALE_PARTS = ['large-db', 'streams'] as const;
export type ScalePart = (typeof SCALE_PARTS)[number];

const DEFAULTS = { durationS: 8, warmupS: 2, ttfcS: 3, logRows: 10_000_000 } as const;
/** `--quick`: enough to see that everything works and roughly how fast, in about a minute. */
const QUICK = { durationS: 3, warmupS: 1, ttfcS: 1, logRows: 1_000_000 } as const;

export const USAGE = `usage: npm run bench -- [options]

  --duration S       measured seconds per scenario (default ${DEFAULTS.durationS}; env BENCH_DURATION)
  --warmup S         unmeasured warm-up seconds per scenario (default ${DEFAULTS.warmupS}; env BENCH_WARMUP)
  --ttfc S           seconds of the time-to-first-chunk probe per streaming scenario
                     (default ${DEFAULTS.ttfcS}; env BENCH_TTFC)
  --connections L    comma-separated connection counts (default 1,50; env BENCH_CONNECTIONS)
  --only T[,T]       measure only these of ${TARGET_NAMES.join(', ')}
                     (env BENCH_ONLY); bare is the least Node proxy (node:http + undici), the
                     ceiling row; relay-anthropic and relay-gemini are the relay translating
                     Anthropic Messages and Gemini generateContent requests to OpenAI;
                     relay-responses passes OpenAI Responses requests through to the OpenAI
                     channel, relay-responses-chat converts them for a chat-only channel;
                     relay-2w is relay's chat passthrough through a second relay running
                     ${RELAY_2W_WORKERS} workers (--workers=${RELAY_2W_WORKERS}), its RSS summed over them
  --modes M[,M]      measure only these of ${MODES.join(', ')} (env BENCH_MODES)
  --quick            ${QUICK.durationS} s scenarios, ${QUICK.warmupS} s warm-up (env BENCH_QUICK=1)
  --out PATH         where to write the report (default ${DEFAULT_OUT}; env BENCH_OUT)
  --no-write         print only, leave the report file alone
  --profile          profile the relay's CPU and list where its time goes (slows the relay);
                     env BENCH_PROFILE_KEEP=FILE also keeps the .cpuprofile there for a closer look
  --log-rows N       log rows of the log-query scenario (default ${DEFAULTS.logRows}, ${QUICK.logRows} with
                     --quick; env BENCH_LOG_ROWS); 0 skips it. The seeded database is kept on
                     the server and reused for a week: only the first run pays for seeding
  --scale            also run the scale scenarios (env BENCH_SCALE=1): the relay on a database of
                     10,000 channels and 1,000,000 tokens (start time, memory, added latency),
                     and 1,000 and 10,000 slow streams open at once (memory, time to first byte)
  --scale-only P     run only this part of --scale: large-db or streams (env BENCH_SCALE_ONLY;
                     BENCH_SCALE_LARGE_DB=0 is the same as streams)
  --scale-streams L  the slow-stream runs of --scale, comma-separated counts, each N or N:h1
                     (relay to upstream over HTTP/1.1) or N:h2 (over HTTP/2 with TLS; far fewer
                     sockets); 0 for none (default ${DEFAULT_STREAM_RUNS}; env BENCH_SCALE_STREAMS)
  --limits           turn on every traffic limit (per user, per token, per channel caps), set
                     high enough never to refuse: what the limiters cost (env BENCH_LIMITS=1)
  --strict           exit 1 when a target is missed
  --help             this text

PostgreSQL and NATS are used when DATABASE_URL / NATS_URL (or their local defaults) answer;
otherwise the relay runs as the one-process embedded stack.`;

/**
 * Reads the options from the command line, then the `BENCH_*` environment, then the defaults.
 * Throws with a message naming the offending flag; the caller prints it with the usage.
 */
export function parseBenchOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const flags = readFlags(argv);
  const pick = (flag: string, variable: string): string | undefined => flags.get(flag) ?? nonEmpty(env[variable]);

  const quick = flags.has('quick') || isTrue(env.BENCH_QUICK);
  const base = quick ? QUICK : DEFAULTS;
  const durationS = seconds(pick('duration', 'BENCH_DURATION'), base.durationS, '--duration', 1);
  const options: BenchOptions = {
    durationS,
    warmupS: seconds(pick('warmup', 'BENCH_WARMUP'), base.warmupS, '--warmup', 0),
    ttfcS: seconds(pick('ttfc', 'BENCH_TTFC'), Math.min(base.ttfcS, durationS), '--ttfc', 0),
    connections: connectionList(pick('connections', 'BENCH_CONNECTIONS')),
    only: targetList(pick('only', 'BENCH_ONLY')),
    modes: modeList(pick('modes', 'BENCH_MODES')),
    quick,
    out: flags.has('no-write') ? null : (pick('out', 'BENCH_OUT') ?? DEFAULT_OUT),
    strict: flags.has('strict'),
    profile: flags.has('profile'),
    logRows: logRowsOf(pick('log-rows', 'BENCH_LOG_ROWS'), base.logRows),
    scale: flags.has('scale') || isTrue(env.BENCH_SCALE),
    scaleOnly: scaleParts(pick('scale-only', 'BENCH_SCALE_ONLY'), env.BENCH_SCALE_LARGE_DB),
    scaleStreams: parseStreamRuns(pick('scale-streams', 'BENCH_SCALE_STREAMS') ?? DEFAULT_STREAM_RUNS),
    limits: flags.has('limits') || isTrue(env.BENCH_LIMITS),
    help: flags.has('help'),
  };
  return options;
}

const VALUE_FLAGS = new Set(['duration', 'warmup', 'ttfc', 'connections', 'only', 'modes', 'out', 'log-rows', 'scale-only', 'scale-streams']);
const SWITCHES = new Set(['quick', 'no-write', 'strict', 'profile', 'scale', 'limits', 'help']);

/** `--name value`, `--name=value` and bare switches, into a map (switches map to ''). */
function readFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') {
      flags.set('help', '');
      continue;
    }
    if (!arg.startsWith('--')) throw new Error(`unexpected argument '${arg}'`);
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (SWITCHES.has(name)) {
      if (equals >= 0) throw new Error(`--${name} takes no value`);
      flags.set(name, '');
    } else if (VALUE_FLAGS.has(name)) {
      const value = equals >= 0 ? arg.slice(equals + 1) : argv[++i];
      if (value === undefined || value === '') throw new Error(`--${name} needs a value`);
      flags.set(name, value);
    } else {
      throw new Error(`unknown option '${arg}'`);
    }
  }
  return flags;
}

function logRowsOf(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100_000_000) {
    throw new Error(`--log-rows must be a whole number from 0 to 100000000, got '${raw}'`);
  }
  return value;
}

/** `--scale-only`, else both parts unless `BENCH_SCALE_LARGE_DB=0` (the older switch) leaves the large database out. */
function scaleParts(raw: string | undefined, largeDb: string | undefined): ScalePart[] {
  if (raw !== undefined) return subsetOf(SCALE_PARTS, raw, '--scale-only');
  return largeDb?.trim() === '0' ? ['streams'] : [...SCALE_PARTS];
}

function seconds(raw: string | undefined, fallback: number, name: string, min: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > 600) {
    throw new Error(`${name} must be a number of seconds from ${min} to 600, got '${raw}'`);
  }
  return value;
}

function connectionList(raw: string | undefined): number[] {
  if (raw === undefined) return [1, 50];
  const counts = raw.split(',').map((part) => part.trim());
  const parsed = counts.map(Number);
  if (counts.some((part) => !/^\d+$/.test(part)) || parsed.some((n) => n < 1 || n > 1000)) {
    throw new Error(`--connections must be whole numbers from 1 to 1000, got '${raw}'`);
  }
  return [...new Set(parsed)].sort((a, b) => a - b);
}

function targetList(raw: string | undefined): TargetName[] {
  return subsetOf(TARGET_NAMES, raw, '--only');
}

function modeList(raw: string | undefined): Mode[] {
  return subsetOf(MODES, raw, '--modes');
}

/** A comma-separated choice among `all`, in the canonical order whatever order it was named in. */
function subsetOf<T extends string>(all: readonly T[], raw: string | undefined, flag: string): T[] {
  if (raw === undefined) return [...all];
  const names = raw.split(',').map((part) => part.trim());
  const unknown = names.filter((name) => !all.includes(name as T));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`${flag} takes ${all.join(', ')}, got '${raw}'`);
  }
  return all.filter((name) => names.includes(name));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes'].includes(value.trim().toLowerCase());
}
