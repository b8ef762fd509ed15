import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** What the numbers were measured on; they mean little without it. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** Short commit hash, with a note when the tree had changes; null outside a git checkout. */
  commit: string | null;
  /** One-minute load average when the run started: other work competing for the cores. */
  loadAverage: number;
}

export function collectMachineInfo(repoRoot: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() || 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    commit: gitCommit(repoRoot),
    loadAverage: os.loadavg()[0]!,
  };
}

/**
 * A warning when other work was keeping the machine busy as the run started (a load average
 * above half the cores): every number is then lower and noisier than on an idle machine.
 */
export function busyMachineWarning(machine: MachineInfo): string | null {
  if (machine.loadAverage <= machine.cores / 2) return null;
  return (
    `The machine was busy with other work when the run started (load average ${machine.loadAverage.toFixed(1)} ` +
    `on ${machine.cores} cores): expect lower and noisier numbers than on an idle machine.`
  );
}

function gitCommit(repoRoot: string): string | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const hash = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain').length > 0 ? `${hash} (with uncommitted changes)` : hash;
  } catch {
    return null;
  }
}
