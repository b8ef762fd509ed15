/**
 * Whole-operator tests: the fake API server serving the chart's Channel CRD, a private PostgreSQL
 * database with migrations (reached through a TCP proxy the test can cut), a recording bus, and
 * operator instances with fast timings. Everything started here is stopped in `afterAll`/`afterEach`.
 */
import { CoreV1Api, CustomObjectsApi, KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { createDataSource } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createLogger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import {
  ChannelOperator,
  DEFAULT_OPERATOR_SETTINGS,
  type OperatorDeps,
  type OperatorSettings,
  CHANNEL_GROUP,
  CHANNEL_PLURAL,
  CHANNEL_VERSION,
  type ChannelResource,
  type ChannelSpec,
  loadChannelCrd,
} from '@modelgate/operator';
import { useFakeApiServer, waitFor } from '../kube';
import type { CustomResourceDefinitionObject, FakeApiServer } from '../kube';
import { TcpProxy } from './tcp-proxy';

export const logger = createLogger({ service: 'operator-test', level: process.env.OPERATOR_TEST_LOG ?? 'silent' });
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const base = { group: CHANNEL_GROUP, version: CHANNEL_VERSION, plural: CHANNEL_PLURAL };

/** Settings fast enough for tests. */
export const FAST_SETTINGS: OperatorSettings = {
  ...DEFAULT_OPERATOR_SETTINGS,
  workers: 4,
  resyncPeriodMs: 60 * 60_000,
  missingSecretRetryMs: 60 * 60_000,
  queueBackoff: { baseMs: 50, maxMs: 500, jitter: 0.2 },
  informerBackoff: { baseMs: 50, maxMs: 500, jitter: 0.2 },
  drainMs: 2000,
};

export interface PublishedEvent {
  subject: string;
  payload: { channelIds: number[]; reason: string };
}

export interface OperatorStack {
  fake(): FakeApiServer;
  database(): MigratedTestDatabase;
  /** The proxy in front of PostgreSQL the operators use (stop it to take the database down). */
  databaseProxy(): TcpProxy;
  events: PublishedEvent[];
  kube(): { objects: CustomObjectsApi; core: CoreV1Api };
  startOperator(settings?: Partial<OperatorSettings>, deps?: Partial<Pick<OperatorDeps, 'tracer' | 'metrics'>>): Promise<ChannelOperator>;
  sql<T = Record<string, unknown>>(text: string, parameters?: unknown[]): Promise<T[]>;
}

/** Registers the hooks and returns accessors; call at the top of a test file. */
export function useOperatorStack(options: { historyLimit?: number } = {}): OperatorStack {
  const fake = useFakeApiServer({ crds: [loadChannelCrd() as unknown as CustomResourceDefinitionObject], ...options });
  const operators: ChannelOperator[] = [];
  const dataSources: DataSource[] = [];
  const events: PublishedEvent[] = [];
  let database: MigratedTestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let kube: { objects: CustomObjectsApi; core: CoreV1Api } | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    const kc = new KubeConfig();
    kc.loadFromOptions(fake().kubeConfigOptions());
    kube = { objects: kc.makeApiClient(CustomObjectsApi), core: kc.makeApiClient(CoreV1Api) };
  });

  afterEach(async () => {
    for (const operator of operators.splice(0)) await operator.stop();
    for (const dataSource of dataSources.splice(0)) if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
    await proxy?.start().catch(() => undefined); // a test that stopped it gets it back
  });

  afterAll(async () => {
    await proxy?.stop();
    await database?.drop();
  });

  return {
    fake,
    database: () => database!,
    databaseProxy: () => proxy!,
    events,
    kube: () => kube!,
    sql: (text, parameters = []) => database!.dataSource.query(text, parameters),
    async startOperator(settings = {}, extraDeps = {}) {
      const url = new URL(database!.url);
      url.hostname = '127.0.0.1';
      url.port = String(proxy!.port);
      const dataSource = createDataSource({ url: url.toString(), poolSize: 4, applicationName: 'modelgate-operator-test', logger, connectTimeoutMs: 1000 });
      await dataSource.initialize();
      dataSources.push(dataSource);
      const kc = new KubeConfig();
      kc.loadFromOptions(fake().kubeConfigOptions());
      const operator = new ChannelOperator(
        {
          kubeConfig: kc,
          dataSource,
          bus: { publish: async (subject: string, payload: unknown) => void events.push({ subject, payload } as PublishedEvent) } as never,
          logger,
          ...extraDeps,
        },
        { ...FAST_SETTINGS, ...settings },
      );
      operators.push(operator);
      await operator.start();
      return operator;
    },
  };
}

/** A Secret holding `apiKey`. */
export async function createKeySecret(stack: OperatorStack, namespace: string, name: string, key: string, dataKey = 'apiKey'): Promise<void> {
  await stack.kube().core.createNamespacedSecret({ namespace, body: { metadata: { name, namespace }, data: { [dataKey]: Buffer.from(key).toString('base64') } } });
}

export async function replaceKeySecret(stack: OperatorStack, namespace: string, name: string, key: string): Promise<void> {
  await stack.kube().core.patchNamespacedSecret({ namespace, name, body: { data: { apiKey: Buffer.from(key).toString('base64') } } }, mergePatch);
}

export async function createChannel(stack: OperatorStack, namespace: string, name: string, spec: Partial<ChannelSpec> = {}): Promise<ChannelResource> {
  const body = {
    apiVersion: `${CHANNEL_GROUP}/${CHANNEL_VERSION}`,
    kind: 'Channel',
    metadata: { name, namespace },
    spec: { type: 'openai', models: ['gpt-4o', 'gpt-4o-mini'], apiKeySecretRef: { name: `${name}-key` }, ...spec },
  };
  return (await stack.kube().objects.createNamespacedCustomObject({ ...base, namespace, body })) as ChannelResource;
}

export async function patchChannelSpec(stack: OperatorStack, namespace: string, name: string, spec: Partial<ChannelSpec>): Promise<void> {
  await stack.kube().objects.patchNamespacedCustomObject({ ...base, namespace, name, body: { spec } }, mergePatch);
}

export async function deleteChannel(stack: OperatorStack, namespace: string, name: string): Promise<void> {
  await stack.kube().objects.deleteNamespacedCustomObject({ ...base, namespace, name });
}

export function getChannel(stack: OperatorStack, namespace: string, name: string): ChannelResource | undefined {
  return stack.fake().getObject({ group: CHANNEL_GROUP, plural: CHANNEL_PLURAL, namespace, name }) as ChannelResource | undefined;
}

/** The condition's status (`True`/`False`/`Unknown`) for the current generation, else undefined. */
export function conditionOf(channel: ChannelResource | undefined, type: string): { status: string; reason: string; message: string } | undefined {
  const condition = channel?.status?.conditions?.find((candidate) => candidate.type === type);
  if (!condition || condition.observedGeneration !== channel?.metadata?.generation) return undefined;
  return condition;
}

/** Waits until the Channel's condition has `status` (and `reason`, when given) for its current generation. */
export async function waitForCondition(stack: OperatorStack, namespace: string, name: string, type: string, status: string, reason?: string, timeoutMs = 10_000): Promise<ChannelResource> {
  return waitFor(
    () => {
      const channel = getChannel(stack, namespace, name);
      const condition = conditionOf(channel, type);
      return condition && condition.status === status && (reason === undefined || condition.reason === reason) ? channel : undefined;
    },
    timeoutMs,
    `${namespace}/${name} ${type}=${status}${reason ? `/${reason}` : ''}`,
  );
}

export interface StoredRow {
  id: number;
  name: string;
  key: string;
  type: number;
  models: string;
  group: string;
  status: number;
  priority: number;
  source: string;
  external_ref: string | null;
}

export async function rowOf(stack: OperatorStack, namespace: string, name: string): Promise<StoredRow | undefined> {
  const rows = await stack.sql<StoredRow>(
    `SELECT id, name, key, type, models, "group", status, priority::int AS priority, source, external_ref FROM channels WHERE external_ref = $1`,
    [`k8s:${namespace}/${name}`],
  );
  return rows[0];
}
