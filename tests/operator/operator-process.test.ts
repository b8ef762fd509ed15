/**
 * The built operator (`operator/dist/main.js`) as its own process, as the chart runs it: env from
 * the chart's contract, a kubeconfig pointing at the fake API server, PostgreSQL and NATS. It
 * elects itself through the Lease, reconciles a Channel, serves health and metrics, and on
 * SIGTERM drains, releases the Lease and exits 0.
 */
import { createServer } from 'node:net';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { loadChannelCrd } from '@modelgate/operator';
import { FakeApiServer, waitFor } from '@modelgate/testkit/kube';
import { baseEnv, ServiceProcess } from '../support/service-process';

jest.setTimeout(90_000);

const natsUrl = process.env.NATS_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the operator process needs a shared bus', () => {
  it('refuses to start without NATS_URL, naming it', async () => {
    const operator = new ServiceProcess(
      'operator',
      'operator/dist/main.js',
      baseEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres', PORT: '0' }),
    );
    expect(await operator.exitCode()).toBe(78);
    expect(operator.output.join('\n')).toMatch(/NATS_URL: is required/);
  });
});

// A separate process can only share a real bus: this part needs NATS_URL (CI always sets it).
if (natsUrl) {
  describe('the operator process', () => {
    let fake: FakeApiServer;
    let database: MigratedTestDatabase;
    let operator: ServiceProcess | undefined;

    beforeAll(async () => {
      fake = await FakeApiServer.start({ crds: [loadChannelCrd() as never] });
      database = await createTestDatabase();
    });

    afterAll(async () => {
      await operator?.stop().catch(() => undefined);
      await database?.drop();
      await fake?.stop();
    });

    it('starts from the chart’s environment, reconciles a Channel, and stops cleanly on SIGTERM', async () => {
      const port = await freePort();
      operator = new ServiceProcess(
        'operator',
        'operator/dist/main.js',
        baseEnv({
          DATABASE_URL: database.url,
          NATS_URL: natsUrl,
          NATS_NAMESPACE: `op${Date.now().toString(36)}`,
          PORT: String(port),
          HTTP_HOST: '127.0.0.1',
          KUBECONFIG: fake.writeKubeconfig(),
          WATCH_NAMESPACES: 'team-a,team-b',
          LEADER_ELECTION: 'true',
          LEASE_NAME: 'modelgate-operator',
          LEASE_NAMESPACE: 'modelgate',
          POD_NAME: 'modelgate-operator-0',
          DATABASE_POOL_SIZE: '2',
        }),
      );
      await operator.waitFor((line) => line.msg === 'operator started');
      await operator.waitFor((line) => line.msg === 'became the leader');
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, 30_000, 'ready');

      fake.createObject({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'key', namespace: 'team-a' }, data: { apiKey: Buffer.from('sk-process').toString('base64') } });
      fake.createObject({
        apiVersion: 'modelgate.dev/v1alpha1',
        kind: 'Channel',
        metadata: { name: 'main', namespace: 'team-a' },
        spec: { type: 'openai', models: ['gpt-4o'], apiKeySecretRef: { name: 'key' } },
      });
      fake.createObject({
        apiVersion: 'modelgate.dev/v1alpha1',
        kind: 'Channel',
        metadata: { name: 'unwatched', namespace: 'elsewhere' },
        spec: { type: 'openai', models: ['gpt-4o'], apiKeySecretRef: { name: 'key' } },
      });
      const ready = await waitFor(() => {
        const channel = fake.getObject({ group: 'modelgate.dev', plural: 'channels', namespace: 'team-a', name: 'main' }) as { status?: { channelId?: number; conditions?: Array<{ type: string; status: string }> } } | undefined;
        return channel?.status?.conditions?.find((condition) => condition.type === 'Ready')?.status === 'True' ? channel : undefined;
      }, 30_000, 'the Channel Ready');
      const rows = await database.dataSource.query(`SELECT id, key, external_ref FROM channels ORDER BY id`);
      expect(rows).toEqual([{ id: ready.status!.channelId, key: 'sk-process', external_ref: 'k8s:team-a/main' }]);
      expect(fake.getObject({ group: 'modelgate.dev', plural: 'channels', namespace: 'elsewhere', name: 'unwatched' })).not.toHaveProperty('status');

      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).toMatch(/modelgate_operator_leader 1/);
      expect(metrics).toMatch(/modelgate_operator_reconcile_total\{result="synced"\} 1/);
      expect(metrics).toContain('modelgate_operator_process_cpu_seconds_total');

      expect(await operator.stop()).toBe(0);
      const lease = fake.getObject({ group: 'coordination.k8s.io', plural: 'leases', namespace: 'modelgate', name: 'modelgate-operator' }) as { spec?: { holderIdentity?: string } };
      expect(lease.spec?.holderIdentity).toBe('');
    });
  });
}
