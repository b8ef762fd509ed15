import { spawn, type ChildProcess } from 'node:child_process';
import { childPids, parseRunQueueWaitNs, parseWriteSyscalls, readRssMb, readWatchedRssMb, readWriteSyscalls } from './proc-stats';

describe('process tree memory', () => {
  let child: ChildProcess;

  beforeAll(async () => {
    // A Node process that holds some memory and waits to be stopped.
    child = spawn(process.execPath, ['-e', 'globalThis.held = Buffer.alloc(32 * 1024 * 1024, 1); setInterval(() => {}, 1000);'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        if ((readRssMb(child.pid!) ?? 0) > 32) resolve();
        else if (Date.now() - started > 10_000) reject(new Error('the child did not start'));
        else setTimeout(poll, 50);
      };
      poll();
    });
  });

  afterAll(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it("lists a process's children", () => {
    expect(childPids(process.pid)).toContain(child.pid);
    expect(childPids(child.pid!)).toEqual([]);
  });

  it('sums the children in only when asked', () => {
    const own = readWatchedRssMb({ pid: process.pid, withChildren: false })!;
    const tree = readWatchedRssMb({ pid: process.pid, withChildren: true })!;
    expect(own).toBeGreaterThan(0);
    // The child holds more than 32 MB of its own.
    expect(tree - own).toBeGreaterThan(32);
  });

  it('knows nothing of a process that is gone', () => {
    expect(readWatchedRssMb({ pid: 2 ** 22 + 1, withChildren: true })).toBeNull();
    expect(childPids(2 ** 22 + 1)).toEqual([]);
  });
});

describe('parseRunQueueWaitNs', () => {
  it("reads the run-queue wait of a schedstat line, and nothing from what is not one", () => {
    expect(parseRunQueueWaitNs('150941445 4132333 354\n')).toBe(4132333);
    expect(parseRunQueueWaitNs('0 0 1')).toBe(0);
    expect(parseRunQueueWaitNs('')).toBeNull();
    expect(parseRunQueueWaitNs('12 x 3')).toBeNull();
  });
});

describe('parseWriteSyscalls', () => {
  it('reads the write system calls of an io file, and nothing from what is not one', () => {
    expect(parseWriteSyscalls('rchar: 6976\nwchar: 120\nsyscr: 10\nsyscw: 37\nread_bytes: 0\n')).toBe(37);
    expect(parseWriteSyscalls('rchar: 6976\nsyscr: 10\n')).toBeNull();
    expect(readWriteSyscalls(2 ** 22 + 1)).toBeNull();
  });
});
