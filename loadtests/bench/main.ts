/**
 * `npm run bench`: measures, in one run on this machine, chat completions sent straight to the
 * fake upstream, through Portkey gateway OSS, and through our relay with authentication,
 * billing and logging on (passed through, translated from Anthropic Messages and Gemini
 * generateContent requests, and as OpenAI Responses requests passed through or converted for a
 * chat-only channel, and the chat passthrough again through a relay of two workers), then prints
 * the comparison and writes it to docs/benchmarks.md.
 * docs/benchmarking.md explains the method and how to read the numbers.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractFindings } from './findings';
import { runLogBench } from './log-queries/log-bench';
import { busyMachineWarning, collectMachineInfo } from './machine';
import { measureAll, preflight, type RunningTarget } from './measure';
import { parseBenchOptions, USAGE, type BenchOptions } from './options';
import { findRepoRoot } from './paths';
import { startBareProxy, startFakeUpstream, startPortkey } from './peers';
import { readRssMb, waitUntilQuiet } from './proc-stats';
import { type CpuProfile, type ProfileSummary, summarizeProfile } from './profile';
import { type RelayStack, startRelayStack } from './relay-stack';
import { renderConsole, renderMarkdown, type RunReport } from './report';
import { runScale } from './scale';
import type { Endpoints } from './requests';
import { computeRatios, evaluateTargets } from './targets';
import { computeTranslation } from './translation';
import { RELAY_2W_WORKERS, RELAY_TARGETS, type ScenarioResult, TARGET_LABELS, type TargetName } from './types';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** Progress goes to stderr, so stdout carries only the report. */
const log = (line: string) => process.stderr.write(`${line}\n`);

type Stopper = () => Promise<void>;

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseBenchOptions(process.argv.slice(2), process.env);
  } catch (error) {
    log(`bench: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 64;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const repoRoot = findRepoRoot();
  const startedAt = new Date();
  const machine = collectMachineInfo(repoRoot);
  const stoppers: Stopper[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      await stop().catch((error: unknown) => log(`while stopping: ${String(error)}`));
    }
  };
  process.once('SIGINT', () => {
    log('interrupted: stopping the servers');
    void stopAll().finally(() => process.exit(130));
  });

  try {
    log(`bench: ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}`);
    const notes: string[] = [];
    const { endpoints, targets, relay, topology } = await startTargets(options, repoRoot, stoppers, notes);

    log(`measuring ${targets.map((t) => t.name).join(', ')}: ${options.durationS} s per scenario after ${options.warmupS} s warm-up`);
    const measured = await measureAll(targets, endpoints, options, log);
    const results = measured.results;
    notes.push(...measured.notes);

    const relayRss = relay ? await relayMemory(relay, results) : null;
    await stopAll();
    const scale = options.scale
      ? await runScale({
          repoRoot,
          databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
          natsUrl: process.env.NATS_URL || DEFAULT_NATS_URL,
          logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
          streamRuns: options.scaleOnly.includes('streams') ? options.scaleStreams : [],
          largeDatabase: options.scaleOnly.includes('large-db'),
          log,
        })
      : null;
    const profile = relay?.profileDir ? await readProfile(relay.profileDir, notes) : null;
    const logQueries = await logScenario(options, notes);

    const busy = busyMachineWarning(machine);
    if (busy) notes.unshift(busy);
    if (options.quick) notes.push('Quick run (`--quick`): short scenarios, numbers are indicative only.');
    const report: RunReport = {
      machine,
      options,
      startedAt,
      wallS: (Date.now() - startedAt.getTime()) / 1000,
      topology,
      results,
      ratios: computeRatios(results, options.connections),
      translation: computeTranslation(results, options.connections),
      targets: evaluateTargets(results, relayRss?.peakMb ?? null),
      relayRss,
      notes,
      profile,
      findings: null,
      logQueries,
      scale,
    };
    process.stdout.write(`\n${renderConsole(report)}\n`);
    if (options.out) {
      const out = path.resolve(repoRoot, options.out);
      await mkdir(path.dirname(out), { recursive: true });
      const previous = await readFile(out, 'utf8').catch(() => '');
      await writeFile(out, renderMarkdown({ ...report, findings: extractFindings(previous) }));
      const shown = path.relative(repoRoot, out);
      log(`\nwrote ${shown.startsWith('..') ? out : shown}`);
    }
    const checks = [...report.targets, ...(scale?.checks ?? [])];
    return options.strict && checks.some((t) => t.status === 'MISS') ? 1 : 0;
  } finally {
    await stopAll();
  }
}

/** What was started: the addresses, the targets to measure, the relay stack if it runs and how it was deployed. */
interface StartedTargets {
  endpoints: Endpoints;
  targets: RunningTarget[];
  relay: RelayStack | null;
  topology: string | null;
}

/**
 * Starts the fake upstream and each chosen target, checking each answers correctly; every
 * started process gets a stopper. A relay that does not start or answer is noted, not fatal.
 */
async function startTargets(
  options: BenchOptions,
  repoRoot: string,
  stoppers: Stopper[],
  notes: string[],
): Promise<StartedTargets> {
  const fake = await startFakeUpstream(repoRoot);
  stoppers.push(() => fake.service.stop());
  log(`fake upstream at ${fake.url}`);
  const endpoints: Endpoints = { fakeUrl: fake.url };
  const fakeProcess = { pid: fake.service.pid, name: 'the fake upstream', role: 'upstream' } as const;
  const targets: RunningTarget[] = [];

  if (options.only.includes('direct')) {
    await requireWorking('direct', endpoints);
    targets.push({ name: 'direct', watch: alone(fake.service.pid), processes: [fakeProcess] });
  }
  if (options.only.includes('bare')) {
    const bare = await startBareProxy(repoRoot, fake.url);
    stoppers.push(() => bare.service.stop());
    endpoints.bareUrl = bare.url;
    log(`bare Node proxy at ${bare.url}`);
    await requireWorking('bare', endpoints);
    const pid = bare.service.pid;
    targets.push({ name: 'bare', watch: alone(pid), processes: [{ pid, name: 'the bare proxy', role: 'target' }, fakeProcess] });
  }
  if (options.only.includes('portkey')) {
    const portkey = await startPortkey(repoRoot);
    stoppers.push(() => portkey.service.stop());
    endpoints.portkeyUrl = portkey.url;
    log(`Portkey at ${portkey.url}`);
    await requireWorking('portkey', endpoints);
    const pid = portkey.service.pid;
    targets.push({ name: 'portkey', watch: alone(pid), processes: [{ pid, name: 'Portkey', role: 'target' }, fakeProcess] });
  }
  const relayTargets = RELAY_TARGETS.filter((name) => options.only.includes(name));
  const withWorkers = options.only.includes('relay-2w');
  const relay = relayTargets.length > 0 || withWorkers ? await startRelay(options, repoRoot, fake.url, notes) : null;
  let topology = relay?.topology ?? null;
  if (relay) {
    stoppers.push(relay.stop);
    endpoints.relayUrl = relay.url;
    endpoints.relayKey = relay.tokenKey;
    log(`relay at ${relay.url}: ${relay.topology}`);
    // The relay's targets are the same relay process, checked separately: a broken translation
    // must not hide the passthrough numbers, nor another protocol's.
    for (const name of relayTargets) {
      await checkRelayTarget(name, endpoints, notes);
      targets.push({ name, watch: alone(relay.relayPid), processes: [...relay.processes, fakeProcess] });
    }
  }
  if (relay && withWorkers) {
    try {
      const workers = await relay.addRelay(RELAY_2W_WORKERS);
      endpoints.relayWorkersUrl = workers.url;
      endpoints.relayWorkersKey = workers.tokenKey;
      topology = `${topology}; for relay-2w, ${workers.topology}`;
      log(`relay with ${RELAY_2W_WORKERS} workers at ${workers.url}: ${workers.topology}`);
      await checkRelayTarget('relay-2w', endpoints, notes);
      // Its memory is the primary's and every worker's together: each worker is a whole relay.
      const watch = { pid: workers.pid, withChildren: true };
      targets.push({ name: 'relay-2w', watch, processes: [...workers.processes, fakeProcess], workers: RELAY_2W_WORKERS });
      if (options.profile) {
        notes.push(`${TARGET_LABELS['relay-2w']} ran without the profiler: its ratio to the profiled one-worker relay overstates what the second worker gives.`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`the relay with ${RELAY_2W_WORKERS} workers did not start, continuing without it:\n${message}`);
      notes.push(`${TARGET_LABELS['relay-2w']} did not start, so it was not measured: ${headline(message)}`);
    }
  }
  return { endpoints, targets, relay, topology };
}

/** A process alone, for memory sampling. */
function alone(pid: number): RunningTarget['watch'] {
  return { pid, withChildren: false };
}

/** Checks a relay target before measuring; a failure is noted and the target measured anyway. */
async function checkRelayTarget(name: TargetName, endpoints: Endpoints, notes: string[]): Promise<void> {
  const problems = await preflight(name, endpoints);
  if (problems.length === 0) return;
  const text = problems.join('; ');
  log(`${name} check failed, measuring anyway (its scenarios will be marked invalid): ${text}`);
  notes.push(`${TARGET_LABELS[name]} failed its check before measuring (${text}); its scenarios count the errors and are marked invalid.`);
}

/** The relay's memory before, at the peak of, and once idle after the load. */
async function relayMemory(relay: RelayStack, results: readonly ScenarioResult[]): Promise<RunReport['relayRss']> {
  await waitUntilQuiet(relay.processes, { maxWaitMs: 10_000 });
  const afterMb = readRssMb(relay.relayPid);
  // Both relay targets load the same process, so its memory covers both protocols.
  const sampled = results.filter((r) => RELAY_TARGETS.includes(r.target) && r.rss).map((r) => r.rss!);
  if (afterMb === null || sampled.length === 0) return null;
  const peakMb = Math.max(afterMb, ...sampled.map((rss) => rss.peakMb));
  return { beforeMb: sampled[0]!.beforeMb, peakMb, afterMb };
}

/** A peer or the direct path that does not answer correctly means the harness is broken. */
async function requireWorking(target: 'direct' | 'bare' | 'portkey', endpoints: Endpoints): Promise<void> {
  const problems = await preflight(target, endpoints);
  if (problems.length > 0) throw new Error(`${target} does not answer chat completions correctly: ${problems.join('; ')}`);
}

/**
 * Starts the relay stack; a relay that cannot start is reported in the notes rather than
 * aborting the run, so the peers are still measured.
 */
async function startRelay(options: BenchOptions, repoRoot: string, fakeUrl: string, notes: string[]): Promise<RelayStack | null> {
  const profileDir = options.profile ? await mkdtemp(path.join(tmpdir(), 'modelgate-bench-profile-')) : null;
  if (options.limits) notes.push('Every traffic limit was on (`--limits`): per user, per token and the channel caps, none ever met.');
  if (profileDir) notes.push('The relay ran under the V8 CPU profiler (`--profile`): its numbers are lower than without it.');
  try {
    return await startRelayStack({
      repoRoot,
      fakeUpstreamUrl: fakeUrl,
      databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
      natsUrl: process.env.NATS_URL || DEFAULT_NATS_URL,
      logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
      profileDir,
      limits: options.limits,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`the relay did not start, continuing without it:\n${message}`);
    notes.push(`The relay did not start, so it was not measured: ${headline(message)}`);
    return null;
  }
}

/** The line of a start-up failure worth quoting: the first error the process printed. */
function headline(message: string): string {
  const lines = message.split('\n').map((line) => line.replace(/^\s*[\w-]+\| /, '').trim());
  const error = lines.find((line) => /error/i.test(line));
  return error ? `${lines[0]} (${error})` : lines[0]!;
}

/** The relay's CPU profile, written when it exited, summarised. */
async function readProfile(dir: string, notes: string[]): Promise<ProfileSummary | null> {
  try {
    const files = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
    if (files.length === 0) {
      notes.push('The relay wrote no CPU profile (it did not exit cleanly).');
      return null;
    }
    const file = path.join(dir, files[0]!);
    const keep = process.env.BENCH_PROFILE_KEEP;
    if (keep) await copyFile(file, keep);
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    return summarizeProfile(profile);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);

/**
 * The log-query scenario (`--log-rows`, 10 million by default) on the PostgreSQL server the
 * relay used; a failure is noted rather than losing the relay's numbers.
 */
async function logScenario(options: BenchOptions, notes: string[]): Promise<Awaited<ReturnType<typeof runLogBench>> | null> {
  if (options.logRows === 0) return null;
  try {
    return await runLogBench(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, options.logRows, log);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    log(`log queries failed: ${text}`);
    notes.push(`The log-query scenario did not run (${text}); it needs a PostgreSQL server (DATABASE_URL).`);
    return null;
  }
}
