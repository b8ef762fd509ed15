import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { type CpuSplit, CpuMeter, parseMachineTicks, pidsNamed, relayCeilings } from './cpu-split';
import { cpuTable } from './report';
import { scenario } from './test-fixtures';

describe('parseMachineTicks', () => {
  it('counts every field but idle and iowait as busy', () => {
    expect(parseMachineTicks('cpu  100 5 50 800 20 3 2 0 0 0\ncpu0 50 2 25 400 10 1 1 0 0 0\n')).toEqual({ busy: 160, total: 980 });
    expect(parseMachineTicks('intr 1 2 3\n')).toBeNull();
  });
});

describe('pidsNamed', () => {
  it('finds processes by their command name and skips what is not a process', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'proc-'));
    try {
      for (const [pid, comm] of [['11', 'postgres'], ['12', 'nats-server'], ['13', 'postgres']]) {
        mkdirSync(path.join(root, pid!));
        writeFileSync(path.join(root, pid!, 'comm'), `${comm}\n`);
      }
      mkdirSync(path.join(root, 'net'));
      expect(pidsNamed('postgres', root).sort()).toEqual([11, 13]);
      expect(pidsNamed('nats-server', root)).toEqual([12]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('CpuMeter', () => {
  /** A Node process busy for 300 ms, then idle until killed, so its counters can still be read at the end. */
  const spawnBusy = () => spawn(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end); setInterval(() => {}, 1000);']);

  /** A meter with `pid` as the target, read 600 ms apart, and its split over 10 answered requests. */
  async function measureTarget(pid: number): Promise<{ meter: CpuMeter; split: CpuSplit }> {
    const meter = new CpuMeter([{ pid, name: 'busy', role: 'target' }], process.pid);
    meter.start();
    await new Promise((resolve) => setTimeout(resolve, 600));
    meter.end();
    return { meter, split: meter.split(10)! };
  }

  it("puts a target process's CPU in the target's part, per answered request", async () => {
    const child = spawnBusy();
    try {
      const { meter, split } = await measureTarget(child.pid!);
      // About 300 ms over 10 requests: 30,000 µs each (ticks are 10 ms; start-up adds a little).
      expect(split.perRequestUs.target).toBeGreaterThan(15_000);
      expect(split.perRequestUs.billing).toBe(0);
      expect(split.coresBusy).toBeGreaterThan(0);
      expect(meter.split(0)).toBeNull();
    } finally {
      child.kill();
    }
  });

  it("counts the time the target's event loop waited for a core, per answered request", async () => {
    // The target and one busy process more than there are cores, all busy for 300 ms: the target
    // must wait for a core part of that time.
    const target = spawnBusy();
    const others = Array.from({ length: availableParallelism() }, spawnBusy);
    try {
      const { split } = await measureTarget(target.pid!);
      expect(split.targetWaitUs).not.toBeNull();
      expect(split.targetWaitUs!).toBeGreaterThan(0);
      // Without a target process there is nothing to wait for.
      const none = new CpuMeter([], process.pid);
      none.start();
      none.end();
      expect(none.split(10)!.targetWaitUs).toBeNull();
    } finally {
      for (const child of [target, ...others]) child.kill();
    }
  });

  it("counts the target's write system calls per answered request", async () => {
    // A target that makes 500 writes when told to, then says so (one write more).
    const target = spawn(process.execPath, [
      '-e',
      "const fs = require('fs'); const fd = fs.openSync('/dev/null', 'w'); process.stdin.once('data', () => { for (let i = 0; i < 500; i++) fs.writeSync(fd, 'x'); process.stdout.write('done'); }); process.stdout.write('ready');",
    ]);
    try {
      // Read once it is up, so its start-up is not counted.
      await once(target.stdout!, 'data');
      const meter = new CpuMeter([{ pid: target.pid!, name: 'writer', role: 'target' }], process.pid);
      meter.start();
      target.stdin!.write('go');
      await once(target.stdout!, 'data');
      meter.end();
      // 501 writes over 100 requests; Node itself may add a few of its own.
      const writes = meter.split(100)!.targetWrites!;
      expect(writes).toBeGreaterThanOrEqual(5.01);
      expect(writes).toBeLessThan(5.2);
      // Without a target process there is nothing to count.
      const none = new CpuMeter([], process.pid);
      none.start();
      none.end();
      expect(none.split(10)!.targetWrites).toBeNull();
    } finally {
      target.kill();
    }
  });

  it('gives nothing before it has read both ends', () => {
    const meter = new CpuMeter([], process.pid);
    meter.start();
    expect(meter.split(100)).toBeNull();
  });
});

describe('cpuTable', () => {
  it('shows each part and the total per request, and leaves out scenarios without a reading', () => {
    const perRequestUs = { target: 120, billing: 40, upstream: 20, postgres: 30, nats: 10, load: 25, rest: 5 };
    const lines = cpuTable([
      scenario({ target: 'relay', mode: 'json', connections: 50, cpu: { perRequestUs, coresBusy: 1.96, targetWaitUs: 87.4, targetWrites: 2.004 } }),
      scenario({ target: 'bare', mode: 'json', connections: 50, cpu: { perRequestUs, coresBusy: 1.5, targetWaitUs: null, targetWrites: null } }),
      scenario({ target: 'direct', mode: 'json', connections: 50 }),
    ]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('PostgreSQL µs');
    expect(lines[0]).toContain('target waiting µs');
    expect(lines[0]).toContain('target writes');
    expect(lines[2]!.split('|').map((cell) => cell.trim()).slice(4, -1)).toEqual(['120', '40', '20', '30', '10', '25', '5', '250', '1.96', '87', '2.00']);
    expect(lines[3]!.split('|').map((cell) => cell.trim()).slice(-3, -1)).toEqual(['', '']);
  });
});

describe('relayCeilings', () => {
  const split = (parts: Partial<CpuSplit['perRequestUs']>): CpuSplit => ({
    perRequestUs: { target: 0, billing: 0, upstream: 0, postgres: 0, nats: 0, load: 0, rest: 0, ...parts },
    coresBusy: 1.9,
    targetWaitUs: null,
    targetWrites: null,
  });

  it("bounds the relay's share of the bare proxy by what the other processes cost per request", () => {
    const relay = split({ target: 600, billing: 140, postgres: 200, upstream: 130, load: 130, nats: 20, rest: 30 });
    const bare = split({ target: 250, upstream: 110, load: 95, rest: 15 });
    const [line] = relayCeilings([{ mode: 'json', connections: 50, relay, bare }]);
    // 470 µs for the bare proxy's whole scenario, 650 µs besides the relay in its own: 72 %.
    expect(line).toContain('650 µs');
    expect(line).toContain('470 µs');
    expect(line).toContain('at most 72 %');
  });
});
