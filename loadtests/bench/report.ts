import { CPU_PART_LABELS, CPU_PARTS, cpuLegend, relayCeilings, totalUs } from './cpu-split';
import { findingsSection } from './findings';
import { type LogBenchResult, renderLogBench } from './log-queries/log-report';
import type { MachineInfo } from './machine';
import type { BenchOptions } from './options';
import type { ProfileSummary } from './profile';
import {
  formatDuration,
  formatMs,
  formatPercent,
  formatRps,
  formatSignedMs,
  formatTable,
  formatTimes,
} from './table';
import { findValid, type Ratios, type TargetCheck } from './targets';
import type { ScaleReport } from './scale-report';
import type { TranslationRow } from './translation';
import {
  COMPARED_TARGETS,
  type ComparedTarget,
  MODES,
  RELAY_2W_WORKERS,
  type ScenarioResult,
  TARGET_LABELS,
  TARGET_NAMES,
} from './types';

/** Everything one run found, as the report shows it. */
export interface RunReport {
  machine: MachineInfo;
  options: BenchOptions;
  startedAt: Date;
  /** Wall-clock seconds of the whole run, start-up included. */
  wallS: number;
  /** How the relay was deployed, e.g. "relay and billing as separate processes on …". */
  topology: string | null;
  results: ScenarioResult[];
  ratios: Ratios[];
  /** The relay's other protocols' scenarios (Anthropic, Gemini, Responses) against its chat passthrough ones; empty when none ran. */
  translation: TranslationRow[];
  targets: TargetCheck[];
  /** The relay process's memory before its first scenario, at its highest, and after the load, MB. */
  relayRss: { beforeMb: number; peakMb: number; afterMb: number } | null;
  /** Things a reader must know: fallbacks, invalid scenarios, partial runs. */
  notes: string[];
  profile: ProfileSummary | null;
  /** Hand-written explanation carried over from the previous report (Markdown only). */
  findings: string | null;
  /** The log-query scenario; absent or null when it did not run. */
  logQueries?: LogBenchResult | null;
  /** The scale scenarios (`--scale`), when they ran. */
  scale?: ScaleReport | null;
}

/** The results table: one row per scenario. */
export function resultsTable(results: readonly ScenarioResult[]): string {
  const rows = results.map((r) => [
    TARGET_LABELS[r.target],
    r.mode,
    String(r.connections),
    r.invalidReason ? '–' : formatRps(r.rps),
    formatMs(r.latency?.p50),
    formatMs(r.latency?.p99),
    r.mode === 'stream' ? formatMs(r.ttfc?.p50) : '',
    r.mode === 'stream' ? formatMs(r.ttfc?.p99) : '',
    r.rss ? r.rss.peakMb.toFixed(0) : '–',
    r.invalidReason ? `INVALID: ${r.invalidReason}` : `ok (${r.ok.toLocaleString('en-US')} req)`,
  ]);
  return formatTable(
    ['target', 'mode', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'TTFC p50 ms', 'TTFC p99 ms', 'RSS peak MB', 'check'],
    rows,
    ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  );
}

/** CPU per answered request of every process, one row per scenario that could be read. */
export function cpuTable(results: readonly ScenarioResult[]): string {
  const rows = results.flatMap((r) => {
    if (!r.cpu || r.invalidReason) return [];
    const parts = CPU_PARTS.map((part) => r.cpu!.perRequestUs[part]);
    const waiting = r.cpu.targetWaitUs === null ? '' : r.cpu.targetWaitUs.toFixed(0);
    const writes = r.cpu.targetWrites === null ? '' : r.cpu.targetWrites.toFixed(2);
    return [
      [TARGET_LABELS[r.target], r.mode, String(r.connections), ...parts.map((us) => us.toFixed(0)), totalUs(r.cpu).toFixed(0), r.cpu.coresBusy.toFixed(2), waiting, writes],
    ];
  });
  return formatTable(
    ['target', 'mode', 'conn', ...CPU_PARTS.map((part) => `${CPU_PART_LABELS[part]} µs`), 'total µs', 'cores busy', 'target waiting µs', 'target writes'],
    rows,
    ['left', 'left', 'right', ...CPU_PARTS.map(() => 'right' as const), 'right', 'right', 'right', 'right'],
  );
}

/** The relay against the other targets, and two workers against one, per mode and connection count. */
export function ratiosTable(ratios: readonly Ratios[]): string {
  const rows = ratios.map((r) => [
    r.mode,
    String(r.connections),
    formatPercent(r.relayVsDirect),
    formatPercent(r.relayVsBare),
    formatTimes(r.relayVsPortkey),
    formatSignedMs(r.addedP50Ms),
    formatSignedMs(r.addedP99Ms),
    r.mode === 'stream' ? formatSignedMs(r.addedTtfcP50Ms) : '',
    formatTimes(r.twoWorkersVsOne, 2),
  ]);
  return formatTable(
    [
      'mode',
      'conn',
      'relay / direct',
      'relay / bare proxy',
      'relay / Portkey',
      'added p50 ms',
      'added p99 ms',
      'added TTFC p50 ms',
      `${RELAY_2W_WORKERS} workers / 1 worker`,
    ],
    rows,
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

/**
 * What the rows of the relay with two workers are, for the Relay compared section of a run that
 * measured them: the deployment, whose memory their RSS is, and that the targets leave them out.
 */
export function workersLegend(cores: number): string {
  const label = TARGET_LABELS['relay-2w'];
  return (
    `"${label}" (\`relay-2w\`) is the chat passthrough of "${TARGET_LABELS.relay}" sent to a second relay ` +
    `started with \`--workers=${RELAY_2W_WORKERS}\`: a node:cluster primary handing connections round-robin to ` +
    `${RELAY_2W_WORKERS} workers behind one port, each a whole relay (the relay deployment above says what it shares ` +
    'with the first). Its RSS is the primary\'s and the workers\' together. ' +
    `"${RELAY_2W_WORKERS} workers / 1 worker" is its req/s over the one-process relay's at the same mode and connection ` +
    `count. The ${cores} cores of this machine also run the load generator, the fake upstream and billing, so a ` +
    'second worker gains only the CPU they leave; at 1 connection a request goes to one worker at a time. ' +
    'A measurement, not a target: the targets are stated for one relay process and read only its rows.'
  );
}

/** How the Translation table names each compared target's requests: the client API and how it reaches the channel. */
const COMPARED_NAMES: Readonly<Record<ComparedTarget, string>> = {
  'relay-anthropic': 'Anthropic → chat',
  'relay-gemini': 'Gemini → chat',
  'relay-responses': 'Responses, passthrough',
  'relay-responses-chat': 'Responses → chat',
};

/** What each compared target's requests are and what the relay does with them, for the Translation legend. */
const COMPARED_REQUESTS: Readonly<Record<ComparedTarget, string>> = {
  'relay-anthropic': 'Anthropic Messages requests (`/v1/messages`), translated to its OpenAI channel and back',
  'relay-gemini': 'Gemini generateContent requests (`/v1beta/models/…:generateContent`), translated to its OpenAI channel and back',
  'relay-responses': 'OpenAI Responses requests (`/v1/responses`), passed through to the same OpenAI channel, which serves them',
  'relay-responses-chat':
    'the same Responses requests for a model of a chat-only channel (DeepSeek type) on the same fake upstream, ' +
    'converted through chat completions and back',
};

/**
 * What each other client protocol costs: the relay's Anthropic, Gemini and Responses scenarios
 * against its OpenAI chat passthrough ones, a row per compared target, grouped by mode and
 * connection count.
 */
export function translationTable(rows: readonly TranslationRow[]): string {
  const formatted = rows.map((r) => [
    r.mode,
    String(r.connections),
    COMPARED_NAMES[r.target],
    r.passthroughRps === null ? '–' : formatRps(r.passthroughRps),
    r.translatedRps === null ? '–' : formatRps(r.translatedRps),
    formatPercent(r.translatedVsPassthrough),
    formatSignedMs(r.addedP50Ms),
    formatSignedMs(r.addedP99Ms),
    r.mode === 'stream' ? formatMs(r.translatedTtfcP50Ms) : '',
    r.mode === 'stream' ? formatSignedMs(r.addedTtfcP50Ms) : '',
  ]);
  return formatTable(
    [
      'mode',
      'conn',
      'requests',
      'chat passthrough req/s',
      'req/s',
      '/ chat passthrough',
      'added p50 ms',
      'added p99 ms',
      'TTFC p50 ms',
      'added TTFC p50 ms',
    ],
    formatted,
    ['left', 'right', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

/** The legend of the Translation table, naming the requests its rows show. */
export function translationLegend(rows: readonly TranslationRow[]): string {
  const shown = COMPARED_TARGETS.filter((target) => rows.some((r) => r.target === target));
  const requests = shown.map((target) => `"${COMPARED_NAMES[target]}" is ${COMPARED_REQUESTS[target]}`);
  return (
    'The relay called in another client API, against the same relay passing OpenAI chat completions ' +
    'through to its OpenAI channel ("chat passthrough", the same figure on each row of a mode and ' +
    `connection count). ${requests.join('; ')}. "added" is the row's figure minus the passthrough's; ` +
    'at 50 connections read the req/s ratio, at 1 connection the latencies. A measurement, not a target.'
  );
}

export function targetsTable(targets: readonly TargetCheck[]): string {
  return formatTable(
    ['target', 'limit', 'measured', 'margin', 'result'],
    targets.map((t) => [t.name, t.limit, t.actual || '–', t.margin, t.status]),
    ['left', 'right', 'right', 'left', 'left'],
  );
}

function profileTables(profile: ProfileSummary): string[] {
  const rows = (list: ProfileSummary['byModule']) =>
    list.map((row) => [row.name, row.selfMs.toFixed(0), `${row.percent.toFixed(1)} %`]);
  return [
    `Sampled ${formatDuration(profile.busyMs / 1000)} busy and ${formatDuration(profile.idleMs / 1000)} idle ` +
      'in the relay process over the whole run, start-up included (the profiler slows the relay; its ' +
      'scenarios above ran profiled). Idle is time its event loop waited for I/O: latency spent there is ' +
      'waiting on another process (billing, the upstream, the database), not the relay\'s own code.',
    '',
    'Self time by module:',
    '',
    formatTable(['module', 'self ms', 'share of busy'], rows(profile.byModule), ['left', 'right', 'right']),
    '',
    'Hottest functions:',
    '',
    formatTable(['function', 'self ms', 'share of busy'], rows(profile.topFunctions), ['left', 'right', 'right']),
  ];
}

function runSettings(report: RunReport): string {
  const o = report.options;
  return (
    `${o.durationS} s measured after ${o.warmupS} s warm-up per scenario` +
    (o.ttfcS > 0 ? `; ${o.ttfcS} s time-to-first-chunk probe per streaming scenario` : '') +
    (o.quick ? ' (--quick)' : '')
  );
}

function machineTable(report: RunReport): string {
  const m = report.machine;
  const rows: string[][] = [
    ['CPU', m.cpuModel],
    ['cores', String(m.cores)],
    ['memory', `${m.memoryGb.toFixed(1)} GB`],
    ['OS', m.os],
    ['Node.js', m.node],
    ['commit', m.commit ?? 'unknown'],
    ['load average at start', `${m.loadAverage.toFixed(1)} (1 min)`],
    ['date', report.startedAt.toISOString()],
    ['scenario length', runSettings(report)],
    ['modes', report.options.modes.join(', ')],
    ['connections', report.options.connections.join(', ')],
    ['targets', report.options.only.map((t) => TARGET_LABELS[t]).join(', ')],
    ['relay deployment', report.topology ?? 'not started'],
    ['whole run', formatDuration(report.wallS)],
  ];
  return formatTable(['', ''], rows, ['left', 'left']);
}

/** The sections both outputs share. */
function body(report: RunReport, heading: (level: number, text: string) => string): string[] {
  const lines: string[] = [];
  const section = (title: string, ...content: string[]) => lines.push('', heading(2, title), '', ...content);
  section('Machine and run', machineTable(report));
  section('Results', resultsTable(report.results));
  if (report.relayRss) {
    lines.push(
      '',
      `Relay RSS: ${report.relayRss.beforeMb.toFixed(0)} MB before its first scenario, ` +
        `peak ${report.relayRss.peakMb.toFixed(0)} MB, ${report.relayRss.afterMb.toFixed(0)} MB after the load.`,
    );
  }
  if (report.results.some((r) => r.cpu && !r.invalidReason)) {
    const ceilings = relayCeilings(
      report.ratios.flatMap(({ mode, connections }) => {
        const relay = findValid(report.results, 'relay', mode, connections)?.cpu;
        const bare = findValid(report.results, 'bare', mode, connections)?.cpu;
        return relay && bare && connections > 1 ? [{ mode, connections, relay, bare }] : [];
      }),
    );
    section(
      'Where the CPU went',
      cpuLegend(report.machine.cores),
      '',
      cpuTable(report.results),
      ...(ceilings.length > 0 ? ['', ...ceilings.map((line) => `- ${line}`)] : []),
    );
  }
  const withWorkers = report.results.some((r) => r.target === 'relay-2w');
  section('Relay compared', ...(withWorkers ? [workersLegend(report.machine.cores), ''] : []), ratiosTable(report.ratios));
  if (report.translation.length > 0) {
    section('Translation', translationLegend(report.translation), '', translationTable(report.translation));
  }
  section('Targets', targetsTable(report.targets));
  if (report.scale) {
    section(
      'Scale',
      formatTable(['scenario', 'measure', 'value'], report.scale.rows, ['left', 'left', 'right']),
      '',
      targetsTable(report.scale.checks),
      ...(report.scale.notes.length > 0 ? ['', ...report.scale.notes.map((note) => `- ${note}`)] : []),
    );
  }
  if (report.notes.length > 0) section('Notes', ...report.notes.map((note) => `- ${note}`));
  if (report.profile) section("Where the relay's time goes", ...profileTables(report.profile));
  if (report.logQueries) section('Log queries', renderLogBench(report.logQueries));
  return lines;
}

/** What `npm run bench` prints. */
export function renderConsole(report: RunReport): string {
  return body(report, (_, text) => `== ${text} ==`).join('\n').trimStart();
}

/** `docs/benchmarks.md`, regenerated on every run. */
export function renderMarkdown(report: RunReport): string {
  const partial =
    report.options.quick || report.options.only.length < TARGET_NAMES.length || report.options.modes.length < MODES.length;
  const lines = [
    '<!-- Generated by `npm run bench` (loadtests/bench); the next run overwrites it. Edit docs/benchmarking.md instead. -->',
    '',
    '# Benchmark results',
    '',
    `Measured by \`npm run bench\` on ${report.startedAt.toISOString().slice(0, 10)}. How the numbers are ` +
      'taken, how to read them and why the targets are what they are: [benchmarking.md](benchmarking.md).',
  ];
  if (partial) {
    lines.push(
      '',
      '> This was a partial or shortened run (`--quick`, `--only` or `--modes`): treat the numbers as ' +
        'indicative and run `npm run bench` for the full set.',
    );
  }
  lines.push(...body(report, (level, text) => `${'#'.repeat(level)} ${text}`), '', ...findingsSection(report.findings), '');
  return lines.join('\n');
}
