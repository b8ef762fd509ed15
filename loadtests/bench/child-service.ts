import { type ChildProcess, spawn } from 'node:child_process';

/** How to start one server process of the benchmark. */
export interface ChildServiceSpec {
  /** Short name for messages. */
  name: string;
  /** Arguments to `node` (flags, the script, its arguments). */
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * A server the benchmark runs as its own process, so its CPU time is never the load generator's
 * or the orchestrator's. Keeps the last lines of its output for error messages and stops only
 * the process it started, by its pid.
 */
export class ChildService {
  readonly name: string;
  private readonly child: ChildProcess;
  private readonly output: string[] = [];
  private readonly lineWaiters: Array<(line: string) => void> = [];
  private readonly exited: Promise<number | null>;

  constructor(spec: ChildServiceSpec) {
    this.name = spec.name;
    this.child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.record(`[${this.name} exited with ${signal ?? `code ${code}`}]`);
        resolve(code);
      });
    });
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

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} did not start`);
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private record(line: string): void {
    this.output.push(line);
    if (this.output.length > 200) this.output.shift();
    for (const wake of this.lineWaiters.splice(0)) wake(line);
  }

  /** The first output line (stdout or stderr) that matches, waiting up to `timeoutMs`. */
  async waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string> {
    const seen = this.output.find(match);
    if (seen !== undefined) return seen;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${this.name}: expected output not seen within ${timeoutMs} ms\n${this.tail()}`));
      }, timeoutMs);
      const onLine = (line: string) => {
        if (match(line)) {
          cleanup();
          resolve(line);
        } else if (this.running) {
          this.lineWaiters.push(onLine);
        }
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`${this.name} exited while starting\n${this.tail()}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.child.off('exit', onExit);
        const index = this.lineWaiters.indexOf(onLine);
        if (index >= 0) this.lineWaiters.splice(index, 1);
      };
      this.lineWaiters.push(onLine);
      this.child.once('exit', onExit);
    });
  }

  /**
   * Waits for `work` (a readiness check) but fails at once, with the process's last output,
   * if the process exits first.
   */
  async whileRunning<T>(work: Promise<T>): Promise<T> {
    // If the exit wins, `work` may still fail later: that must not be an unhandled rejection.
    work.catch(() => undefined);
    let onExit: (() => void) | undefined;
    const exited = new Promise<never>((_, reject) => {
      onExit = () => reject(new Error(`${this.name} exited while starting\n${this.tail()}`));
      if (!this.running) onExit();
      else this.child.once('exit', onExit);
    });
    try {
      return await Promise.race([work, exited]);
    } finally {
      this.child.off('exit', onExit!);
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within `timeoutMs`. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        if (this.running) this.child.kill('SIGKILL');
        resolve();
      }, timeoutMs);
    });
    await Promise.race([this.exited.then(() => undefined), killed]);
    clearTimeout(timer);
    await this.exited;
  }

  /** The last lines of output, for failure messages. */
  tail(count = 30): string {
    return this.output.slice(-count).map((line) => `  ${this.name}| ${line}`).join('\n');
  }
}
