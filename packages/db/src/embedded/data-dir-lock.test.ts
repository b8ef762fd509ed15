import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'modelgate-lock-test-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const writeOwner = (owner: object) => writeFile(join(dir, LOCK_FILE), JSON.stringify(owner));

describe('lockDataDir', () => {
  it('holds the directory until released', async () => {
    const release = await lockDataDir(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
    });
    await expect(lockDataDir(dir)).rejects.toThrow(/already open in this process/);
    await release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    await (await lockDataDir(dir))();
  });

  it('refuses a directory held by another live process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeOwner({ pid: other.pid, hostname: hostname(), since: 'earlier' });
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it.each([
    ['a process that is gone', { pid: 2 ** 22 + 17, hostname: hostname(), since: 'x' }],
    ['another host', { pid: 1, hostname: `not-${hostname()}`, since: 'x' }],
    ['an earlier life of this very pid', { pid: process.pid, hostname: hostname(), since: 'x' }],
    ['unreadable content', 'garbage'],
  ])('takes over a stale lock of %s', async (_, owner) => {
    await (typeof owner === 'string' ? writeFile(join(dir, LOCK_FILE), owner) : writeOwner(owner));
    const release = await lockDataDir(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await release();
  });
});
