/**
 * Benchmark (prints figures; not a test): N Channels (default 2000, `BENCH_CHANNELS`) and their
 * Secrets in the fake API server, one operator against PostgreSQL (`DATABASE_URL`, else the
 * embedded database). Reports the time until every Channel is Ready, the database writes (expect
 * one per Channel), the status writes, then a full resync (expect no database write).
 *
 *   npm run bench -w @modelgate/operator          (builds, then runs loadtests/dist/operator/channels-bench.js)
 */
import { KubeConfig } from '@kubernetes/client-node';
import { createDataSource } from '@modelgate/db';
import { createTestDatabase } from '@modelgate/testkit/db';
import { createLogger } from '@modelgate/runtime';
import { ChannelOperator, DEFAULT_OPERATOR_SETTINGS, loadChannelCrd } from '@modelgate/operator';
import { CHANNEL_GROUP, CHANNEL_PLURAL, type ChannelResource } from '@modelgate/operator';
import { FakeApiServer } from '@modelgate/testkit/kube';
import type { CustomResourceDefinitionObject } from '@modelgate/testkit/kube';

const count = Number(process.env.BENCH_CHANNELS ?? 2000);
const workers = Number(process.env.BENCH_WORKERS ?? 8);
const namespace = 'bench';

function allReady(server: FakeApiServer): number {
  let ready = 0;
  for (const object of server.listObjects({ group: CHANNEL_GROUP, plural: CHANNEL_PLURAL, namespace }) as unknown as ChannelResource[]) {
    const condition = object.status?.conditions?.find((candidate) => candidate.type === 'Ready');
    if (condition?.status === 'True' && condition.observedGeneration === object.metadata?.generation) ready += 1;
  }
  return ready;
}

/** Polls `check` every `everyMs` (reading every Channel from the fake costs CPU: not too often). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function main(): Promise<void> {
  const logger = createLogger({ service: 'operator-bench', level: process.env.LOG_LEVEL ?? 'error' });
  const server = await FakeApiServer.start({ crds: [loadChannelCrd() as unknown as CustomResourceDefinitionObject], historyLimit: count * 10 });
  const database = await createTestDatabase();
  const dataSource = createDataSource({ url: database.url, poolSize: workers, applicationName: 'modelgate-operator-bench', logger });
  await dataSource.initialize();
  let published = 0;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions(server.kubeConfigOptions());
  const operator = new ChannelOperator(
    { kubeConfig, dataSource, bus: { publish: async () => void (published += 1) } as never, logger },
    { ...DEFAULT_OPERATOR_SETTINGS, workers, resyncPeriodMs: 60 * 60_000 },
  );
  try {
    for (let i = 0; i < count; i += 1) {
      const name = `channel-${String(i).padStart(5, '0')}`;
      server.createObject({ apiVersion: 'v1', kind: 'Secret', metadata: { name: `${name}-key`, namespace }, data: { apiKey: Buffer.from(`sk-bench-${i}`).toString('base64') } } as never);
      server.createObject({
        apiVersion: 'modelgate.dev/v1alpha1',
        kind: 'Channel',
        metadata: { name, namespace },
        spec: { type: 'openai', models: ['gpt-4o', 'gpt-4o-mini'], groups: ['default'], priority: i % 3, weight: 1, apiKeySecretRef: { name: `${name}-key` } },
      } as never);
    }
    const started = Date.now();
    await operator.start();
    await until(() => allReady(server) === count, 10 * 60_000, 'every Channel Ready', 1000);
    const readyMs = Date.now() - started;
    await until(() => operator.activeController?.idle() ?? false, 60_000, 'an idle queue');
    const writes = await operator.metrics.total(operator.metrics.channelWrites);
    const statusWrites = await operator.metrics.total(operator.metrics.statusWrites);
    const reconciles = await operator.metrics.total(operator.metrics.reconciles);
    const rows = (await dataSource.query(`SELECT count(*)::int AS n FROM channels WHERE external_ref LIKE 'k8s:bench/%'`))[0].n as number;

    const resyncStarted = Date.now();
    operator.activeController!.resync();
    await until(async () => (await operator.metrics.total(operator.metrics.reconciles)) >= reconciles + count && (operator.activeController?.idle() ?? false), 10 * 60_000, 'the resync');
    const resyncMs = Date.now() - resyncStarted;
    const resyncWrites = (await operator.metrics.total(operator.metrics.channelWrites)) - writes;
    const resyncStatusWrites = (await operator.metrics.total(operator.metrics.statusWrites)) - statusWrites;

    const lines = [
      `Channel operator benchmark (${count} Channels, ${workers} workers, ${database.kind} database)`,
      `  time until every Channel is Ready   ${(readyMs / 1000).toFixed(2)} s  (${Math.round((count / readyMs) * 1000)} channels/s)`,
      `  channel rows                         ${rows}`,
      `  database writes                      ${writes}  (${(writes / count).toFixed(2)} per Channel)`,
      `  change events published              ${published}`,
      `  reconciles                           ${reconciles}`,
      `  status writes                        ${statusWrites}`,
      `  full resync                          ${(resyncMs / 1000).toFixed(2)} s, ${resyncWrites} database writes, ${resyncStatusWrites} status writes`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await operator.stop();
    await dataSource.destroy();
    await database.drop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
