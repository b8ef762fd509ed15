import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One scrape job: its name and `host:port` targets serving /metrics. */
export interface ScrapeJob {
  job: string;
  targets: readonly string[];
  /** Labels added to every series of the job (as a ServiceMonitor's targetLabels would). */
  labels?: Readonly<Record<string, string>>;
}

/** A PromQL instant-vector result. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real Prometheus (Debian's `prometheus` package) started by a test: loopback only, a generated
 * scrape configuration, storage in a temporary directory removed on stop. Never the package's
 * own service.
 */
export class Prometheus {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly url: string,
    private readonly output: string[],
  ) {}

  static async start(
    jobs: readonly ScrapeJob[],
    options: { ruleFiles?: readonly string[]; binary?: string } = {},
  ): Promise<Prometheus> {
    const binary = options.binary ?? process.env.PROMETHEUS_BIN ?? 'prometheus';
    const dir = await mkdtemp(path.join(os.tmpdir(), 'modelgate-prometheus-'));
    const config = [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 900ms',
      '  evaluation_interval: 1s',
      ...(options.ruleFiles?.length ? ['rule_files:', ...options.ruleFiles.map((file) => `  - ${JSON.stringify(file)}`)] : []),
      'scrape_configs:',
      ...jobs.flatMap((job) => [
        `  - job_name: ${JSON.stringify(job.job)}`,
        '    static_configs:',
        `      - targets: ${JSON.stringify(job.targets)}`,
        ...(job.labels ? [`        labels: ${JSON.stringify(job.labels)}`] : []),
      ]),
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'prometheus.yml'), config);
    const port = await freePort();
    const output: string[] = [];
    const child = spawn(
      binary,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--web.enable-lifecycle',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    const prometheus = new Prometheus(child, dir, `http://127.0.0.1:${port}`, output);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output.join('')}`);
      try {
        if ((await fetch(`${prometheus.url}/-/ready`)).status === 200) return prometheus;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await prometheus.stop();
        throw new Error(`prometheus not ready in 30 s:\n${output.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** What Prometheus printed, for failure messages. */
  log(): string {
    return this.output.join('');
  }

  /** Runs an instant PromQL query. */
  async query(promql: string): Promise<Sample[]> {
    const res = await fetch(`${this.url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; error?: string; data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
    if (body.status !== 'success') throw new Error(`query ${promql} failed: ${body.error}`);
    return body.data!.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  }

  /** The single value of a query that sums to one series (0 when it has none). */
  async scalar(promql: string): Promise<number> {
    const samples = await this.query(promql);
    if (samples.length > 1) throw new Error(`query ${promql} returned ${samples.length} series`);
    return samples[0]?.value ?? 0;
  }

  /** Every loaded rule with its health and, for alerts, its state. */
  async rules(): Promise<Array<{ name: string; health: string; state?: string; lastError?: string }>> {
    const res = await fetch(`${this.url}/api/v1/rules`);
    const body = (await res.json()) as { data: { groups: Array<{ rules: Array<{ name: string; health: string; state?: string; lastError?: string }> }> } };
    return body.data.groups.flatMap((g) => g.rules);
  }

  /** The scrape targets and their health. */
  async targets(): Promise<Array<{ job: string; health: string; lastError: string }>> {
    const res = await fetch(`${this.url}/api/v1/targets`);
    const body = (await res.json()) as { data: { activeTargets: Array<{ labels: { job: string }; health: string; lastError: string }> } };
    return body.data.activeTargets.map((t) => ({ job: t.labels.job, health: t.health, lastError: t.lastError }));
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}
