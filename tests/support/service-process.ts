import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Repository root, for paths to built entry points. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** A parsed JSON log line, or `{ msg: <raw text> }` for plain output. */
export type LogLine = Record<string, unknown> & { msg?: string };

/**
 * One built service started as its own Node process, as Kubernetes would run it. Collects its
 * stdout/stderr so tests can wait for log lines and show them when something fails.
 */
export class ServiceProcess {
  readonly lines: LogLine[] = [];
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;
  private waiters: Array<() => void> = [];

  constructor(
    readonly name: string,
    entry: string,
    env: NodeJS.ProcessEnv,
    args: string[] = [],
  ) {
    this.child = spawn(process.execPath, [path.join(REPO_ROOT, entry), ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    for (const stream of [this.child.stdout, this.child.stderr]) {
      let buffer = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          this.record(buffer.slice(0, newline));
          buffer = buffer.slice(newline + 1);
        }
      });
    }
  }

  private record(raw: string): void {
    this.output.push(raw);
    let line: LogLine;
    try {
      const parsed: unknown = JSON.parse(raw);
      line = typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : { msg: raw };
    } catch {
      line = { msg: raw };
    }
    this.lines.push(line);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves with the first output line matching `predicate`; rejects on timeout or exit. */
  async waitFor(predicate: (line: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => {
      exited = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
    for (;;) {
      const found = this.lines.find(predicate);
      if (found) return found;
      if (exited) throw new Error(`${this.name} exited before the expected output:\n${this.tail()}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`${this.name}: expected output not seen in ${timeoutMs} ms:\n${this.tail()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the process to exit on its own and returns its exit code. */
  exitCode(timeoutMs = 15_000): Promise<number | null> {
    return withTimeout(this.exited, timeoutMs, `${this.name} did not exit:\n${this.tail()}`);
  }

  /** Sends SIGTERM and returns the exit code; SIGKILL if it does not stop within the bound. */
  async stop(timeoutMs = 15_000): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    this.child.kill('SIGTERM');
    try {
      return await this.exitCode(timeoutMs);
    } catch (error) {
      this.child.kill('SIGKILL');
      await this.exited;
      throw error;
    }
  }

  /** The operating system's id of the process (to read its memory from `/proc/<pid>/status`). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The last lines of output, for failure messages. */
  tail(count = 40): string {
    return this.output.slice(-count).join('\n');
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}

/**
 * The service secret (GRPC_SECRET) of the services this test file starts: {@link baseEnv} gives
 * it to every process, and the test's own gRPC clients send it.
 */
export const TEST_GRPC_SECRET = randomBytes(32).toString('base64url');

/**
 * The environment of the test process without the variables a test wants to control itself, plus
 * the test's service secret (an override of `GRPC_SECRET: undefined` leaves it out).
 */
export function baseEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'NATS_URL', 'NATS_NAMESPACE', 'PORT', 'HOST', 'GRPC_PORT', 'GRPC_HOST', 'METRICS_PORT']) {
    delete env[key];
  }
  env.GRPC_SECRET = TEST_GRPC_SECRET;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  env.LOG_LEVEL ??= 'info';
  // Services started side by side (replicas, parallel test files) must not share a metrics port.
  env.METRICS_PORT ??= '0';
  return env;
}

/** Polls `check` until it returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} did not happen within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GETs `url` and returns its status and parsed JSON body. */
export async function getJson<T = Record<string, any>>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}
