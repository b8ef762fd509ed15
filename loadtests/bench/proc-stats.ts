import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of a process in MB, from `VmRSS` in `/proc/<pid>/status` (Linux). Null when
 * the process is gone or /proc is unavailable.
 */
export function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return parseVmRss(status);
  } catch {
    return null;
  }
}

/** The `VmRSS:  123456 kB` line of a /proc status file, in MB. */
export function parseVmRss(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) / 1024 : null;
}

/**
 * Processes whose memory is sampled as one: a process alone, or with its children summed in (a
 * node:cluster primary and its workers, each a process with a heap of its own).
 */
export interface MemoryWatch {
  pid: number;
  withChildren: boolean;
}

/**
 * The direct children of a process, from `/proc/<pid>/task/<tid>/children` of each of its
 * threads (Linux); empty when the process is gone or the kernel does not list children.
 */
export function childPids(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = new Set<number>();
  for (const task of tasks) {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
      for (const child of listed.split(' ')) if (/^\d+$/.test(child)) children.add(Number(child));
    } catch {
      // The thread ended since the directory was read.
    }
  }
  return [...children].sort((a, b) => a - b);
}

/**
 * Resident memory of what `watch` names, in MB: the process's, plus each child's when
 * `withChildren` (RSS counts pages shared with a child twice, as the kernel accounts each
 * process). Null when the process itself is gone.
 */
export function readWatchedRssMb(watch: MemoryWatch): number | null {
  const own = readRssMb(watch.pid);
  if (own === null || !watch.withChildren) return own;
  return childPids(watch.pid).reduce((sum, child) => sum + (readRssMb(child) ?? 0), own);
}

/**
 * CPU time a process has used so far, in clock ticks (user + system, fields 14 and 15 of
 * `/proc/<pid>/stat`). The command name in field 2 may contain spaces, so fields are counted
 * from the closing parenthesis.
 */
export function readCpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Open files (sockets included) of a process, from `/proc/<pid>/fd`; null when unreadable. */
export function countOpenFiles(pid: number): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/**
 * Established TCP connections whose remote end is `port` (IPv4 and IPv6), in `/proc/net/tcp`
 * text: each line's remote address is `HEXADDR:HEXPORT` (field 3), its state field 4 (`01`).
 */
export function countConnectionsTo(port: number, tables: readonly string[]): number {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let count = 0;
  for (const table of tables) {
    for (const line of table.split('\n')) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '01' && fields[2]?.endsWith(hexPort)) count++;
    }
  }
  return count;
}

/** {@link countConnectionsTo} on this machine's `/proc/net/tcp` and `tcp6`. */
export function readConnectionsTo(port: number): number | null {
  try {
    const tables = ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFileSync(file, 'utf8'));
    return countConnectionsTo(port, tables);
  } catch {
    return null;
  }
}

/** Samples a process's RSS (or its and its children's together) at an interval and keeps the highest value. */
export class RssSampler {
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;
  private readonly watch: MemoryWatch;

  constructor(
    watch: number | MemoryWatch,
    private readonly intervalMs = 200,
  ) {
    this.watch = typeof watch === 'number' ? { pid: watch, withChildren: false } : watch;
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops sampling and returns the peak in MB (null if never readable). */
  stop(): number | null {
    clearInterval(this.timer);
    this.sample();
    return this.peak > 0 ? this.peak : null;
  }

  private sample(): void {
    const rss = readWatchedRssMb(this.watch);
    if (rss !== null && rss > this.peak) this.peak = rss;
  }
}

/** A process the benchmark watches, named for messages. */
export interface WatchedProcess {
  pid: number;
  name: string;
  /** What it is to the target it serves: the target itself (a proxy, the relay), billing, or the fake upstream. */
  role: 'target' | 'billing' | 'upstream';
}

/** How long {@link waitUntilQuiet} waited, and who was still busy if it gave up. */
export interface QuietResult {
  waitedMs: number;
  /** The busiest process of the last window when the wait hit its limit; null when all went idle. */
  stillBusy: { name: string; percentOfCore: number } | null;
}

/**
 * Waits until the given processes are nearly idle (together under `maxBusyPercent` of one core
 * over a half-second window), at most `maxWaitMs`. Work left over from one scenario (a billing
 * backlog, a garbage collection) then does not count against the next.
 */
export async function waitUntilQuiet(
  processes: readonly WatchedProcess[],
  options: { maxWaitMs: number; maxBusyPercent?: number },
): Promise<QuietResult> {
  const windowMs = 500;
  // Linux reports CPU time in ticks of 1/100 s on every common configuration.
  const ticksPerWindow = 100 * (windowMs / 1000);
  const limit = ((options.maxBusyPercent ?? 10) / 100) * ticksPerWindow;
  const started = Date.now();
  const sample = () => processes.map((p) => readCpuTicks(p.pid) ?? 0);
  let before = sample();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = sample();
    const used = after.map((ticks, i) => ticks - before[i]!);
    if (used.reduce((a, b) => a + b, 0) <= limit) return { waitedMs: Date.now() - started, stillBusy: null };
    if (Date.now() - started >= options.maxWaitMs) {
      const busiest = used.indexOf(Math.max(...used));
      return {
        waitedMs: Date.now() - started,
        stillBusy: { name: processes[busiest]!.name, percentOfCore: (used[busiest]! / ticksPerWindow) * 100 },
      };
    }
    before = after;
  }
}

/**
 * Nanoseconds a process's main thread has so far spent ready to run but waiting for a core, the
 * second field of `/proc/<pid>/schedstat` (Linux). For Node that thread is the event loop. Null
 * when the process is gone or the kernel keeps no scheduler statistics.
 */
export function readRunQueueWaitNs(pid: number): number | null {
  try {
    return parseRunQueueWaitNs(readFileSync(`/proc/${pid}/schedstat`, 'utf8'));
  } catch {
    return null;
  }
}

/** The run-queue wait of a `/proc/<pid>/schedstat` line (`<on-cpu ns> <waiting ns> <timeslices>`). */
export function parseRunQueueWaitNs(schedstat: string): number | null {
  const fields = schedstat.trim().split(/\s+/);
  if (fields.length < 3) return null;
  const waiting = Number(fields[1]);
  return Number.isFinite(waiting) ? waiting : null;
}

/**
 * Write system calls a process has made so far (`write`, `writev` and their kin, sockets
 * included): `syscw` of `/proc/<pid>/io` (Linux). Null when the process is gone or the file is
 * unreadable.
 */
export function readWriteSyscalls(pid: number): number | null {
  try {
    return parseWriteSyscalls(readFileSync(`/proc/${pid}/io`, 'utf8'));
  } catch {
    return null;
  }
}

/** The `syscw: <count>` line of a `/proc/<pid>/io` file. */
export function parseWriteSyscalls(io: string): number | null {
  const match = /^syscw:\s+(\d+)$/m.exec(io);
  return match ? Number(match[1]) : null;
}
