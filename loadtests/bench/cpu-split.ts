// Where one scenario's CPU went: the target's own processes, billing, the fake upstream,
// PostgreSQL, NATS, the load generator and the rest of the machine, per answered request.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { readCpuTicks, readRunQueueWaitNs, readWriteSyscalls, type WatchedProcess } from './proc-stats';

/** The columns of the split, in the order the report shows them. */
export const CPU_PARTS = ['target', 'billing', 'upstream', 'postgres', 'nats', 'load', 'rest'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];

/** Column headings of {@link CPU_PARTS}. */
export const CPU_PART_LABELS: Readonly<Record<CpuPart, string>> = {
  target: 'target',
  billing: 'billing',
  upstream: 'fake upstream',
  postgres: 'PostgreSQL',
  nats: 'NATS',
  load: 'load generator',
  rest: 'rest of machine',
};

/** CPU of one scenario's measured phase. */
export interface CpuSplit {
  /** Microseconds of CPU per answered request, per part. */
  perRequestUs: Record<CpuPart, number>;
  /** The machine's cores busy on average during the phase (2.0 = two whole cores). */
  coresBusy: number;
  /**
   * Microseconds per answered request the target's event loops spent ready to run but waiting for
   * a core; null when the kernel keeps no scheduler statistics (or there is no target process).
   */
  targetWaitUs: number | null;
  /**
   * Write system calls the target's processes made per answered request (each one a packet handed
   * to the kernel, and on a socket a wake-up of its reader); null when `/proc/<pid>/io` cannot be
   * read (or there is no target process).
   */
  targetWrites: number | null;
}

interface Reading {
  parts: Map<CpuPart, Map<number, number>>;
  machine: { busy: number; total: number } | null;
  /** Run-queue wait of each target process's main thread, ns. */
  targetWaits: Map<number, number>;
  /** Write system calls of each target process so far. */
  targetWrites: Map<number, number>;
}

/** Linux counts CPU time in ticks of 1/100 s (`USER_HZ`) on every common configuration. */
const TICK_US = 10_000;

/** Pids of the processes whose command name is `comm` (`/proc/<pid>/comm`). */
export function pidsNamed(comm: string, procRoot = '/proc'): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync(procRoot);
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`${procRoot}/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      // Gone since the directory was read.
    }
  }
  return pids;
}

/**
 * Busy and total ticks of every core together, from the first line of `/proc/stat`
 * (`cpu user nice system idle iowait irq softirq steal …`); idle and iowait are not busy.
 */
export function parseMachineTicks(stat: string): { busy: number; total: number } | null {
  const line = stat.split('\n', 1)[0] ?? '';
  if (!line.startsWith('cpu ')) return null;
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return null;
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

function readMachineTicks(): { busy: number; total: number } | null {
  try {
    return parseMachineTicks(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** Ticks per pid now; pids that cannot be read are left out. */
function ticksOf(pids: readonly number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const value = readCpuTicks(pid);
    if (value !== null) ticks.set(pid, value);
  }
  return ticks;
}

/** How much a per-process counter grew over the processes read at both ends; null when none was. */
function growth(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number | null {
  let sum: number | null = null;
  for (const [pid, now] of after) {
    const then = before.get(pid);
    if (then !== undefined) sum = (sum ?? 0) + Math.max(0, now - then);
  }
  return sum;
}

/** The part of the split a watched process belongs to. */
function partOf(process: WatchedProcess): CpuPart {
  return process.role === 'billing' ? 'billing' : process.role === 'upstream' ? 'upstream' : 'target';
}

/**
 * Reads the CPU ticks of a scenario's processes when its measured phase starts and when it ends.
 * PostgreSQL's and NATS's processes are found by name at both ends, so backends a pool opened
 * during the phase count too (from zero).
 */
export class CpuMeter {
  private before: Reading | undefined;
  private after: Reading | undefined;

  constructor(
    private readonly processes: readonly WatchedProcess[],
    private readonly loadPid: number,
  ) {}

  private read(): Map<CpuPart, Map<number, number>> {
    const parts = new Map<CpuPart, Map<number, number>>();
    for (const part of ['target', 'billing', 'upstream'] as const) {
      parts.set(part, ticksOf(this.processes.filter((p) => partOf(p) === part).map((p) => p.pid)));
    }
    parts.set('postgres', ticksOf(pidsNamed('postgres')));
    parts.set('nats', ticksOf(pidsNamed('nats-server')));
    parts.set('load', ticksOf([this.loadPid]));
    return parts;
  }

  /** One reading per target process; processes that cannot be read are left out. */
  private perTarget(read: (pid: number) => number | null): Map<number, number> {
    const values = new Map<number, number>();
    for (const process of this.processes) {
      if (partOf(process) !== 'target') continue;
      const value = read(process.pid);
      if (value !== null) values.set(process.pid, value);
    }
    return values;
  }

  private reading(): Reading {
    return {
      parts: this.read(),
      machine: readMachineTicks(),
      targetWaits: this.perTarget(readRunQueueWaitNs),
      targetWrites: this.perTarget(readWriteSyscalls),
    };
  }

  start(): void {
    this.before = this.reading();
  }

  end(): void {
    this.after = this.reading();
  }

  /** The split from {@link start} to {@link end}; null when either is missing or nothing was answered. */
  split(answered: number): CpuSplit | null {
    const { before, after } = this;
    if (!before || !after || answered <= 0) return null;
    const perRequestUs = Object.fromEntries(CPU_PARTS.map((part) => [part, 0])) as Record<CpuPart, number>;
    let listed = 0;
    for (const [part, ticks] of after.parts) {
      let used = 0;
      for (const [pid, now] of ticks) used += Math.max(0, now - (before.parts.get(part)?.get(pid) ?? 0));
      listed += used;
      perRequestUs[part] = (used * TICK_US) / answered;
    }
    let coresBusy = 0;
    if (before.machine && after.machine && after.machine.total > before.machine.total) {
      const busy = after.machine.busy - before.machine.busy;
      perRequestUs.rest = (Math.max(0, busy - listed) * TICK_US) / answered;
      // Total ticks grow by one per core per tick of wall time.
      const wallTicksPerCore = (after.machine.total - before.machine.total) / (availableParallelism?.() ?? cpus().length);
      coresBusy = wallTicksPerCore > 0 ? busy / wallTicksPerCore : 0;
    }
    const waitedNs = growth(before.targetWaits, after.targetWaits);
    const writes = growth(before.targetWrites, after.targetWrites);
    return {
      perRequestUs,
      coresBusy,
      targetWaitUs: waitedNs === null ? null : waitedNs / 1000 / answered,
      targetWrites: writes === null ? null : writes / answered,
    };
  }
}

/** What the CPU table's columns are, for its section of the report. */
export function cpuLegend(cores: number): string {
  return (
    'Microseconds of CPU per answered request in each scenario\'s measured phase, read from `/proc` at its ' +
    'start and end. "target" is the process behind the target (the relay and its workers, the bare proxy, ' +
    'Portkey; nothing for direct); PostgreSQL and NATS are every process of theirs on the machine; "rest of ' +
    `machine" is whatever else was busy meanwhile. "cores busy" is of the machine's ${cores}: near ${cores} means ` +
    'the scenario was CPU-bound, and the total per request is then what bounds its req/s. "target waiting" is ' +
    "not CPU: the time the target's event loop was ready to run but waited for a core (`/proc/<pid>/schedstat`), " +
    'per request, which is latency the other processes on these cores add to every answer.'
  );
}

/** Total CPU per request of a split, every part together. */
export function totalUs(split: CpuSplit): number {
  return CPU_PARTS.reduce((sum, part) => sum + split.perRequestUs[part], 0);
}

/**
 * What the relay could reach against the bare proxy on these cores if its own process cost
 * nothing, per mode: the bare proxy's whole CPU per request over the relay scenario's CPU without
 * the relay process (billing, PostgreSQL, NATS, the fake upstream, the load generator). With every
 * process on the same cores, req/s goes as the inverse of the CPU per request, so this bounds the
 * relay / bare proxy ratio from above.
 */
export function relayCeilings(
  rows: ReadonlyArray<{ mode: string; connections: number; relay: CpuSplit; bare: CpuSplit }>,
): string[] {
  return rows.map(({ mode, connections, relay, bare }) => {
    const others = totalUs(relay) - relay.perRequestUs.target;
    const ceiling = others > 0 ? (totalUs(bare) / others) * 100 : Infinity;
    return (
      `${mode} at ${connections} connections: besides the relay, its scenario used ${others.toFixed(0)} µs of CPU per ` +
      `request against the bare proxy's whole ${totalUs(bare).toFixed(0)} µs, so even a relay that cost nothing would ` +
      `reach at most ${Number.isFinite(ceiling) ? ceiling.toFixed(0) : '∞'} % of the bare proxy's req/s on these cores.`
    );
  });
}
