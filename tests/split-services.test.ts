import { randomBytes } from 'node:crypto';
import { billingContract, identityContract, relayContract, taskContract } from '@modelgate/contracts';
import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import {
  checkHealth,
  createGrpcClient,
  createLogger,
  createNatsBus,
  InternalError,
  NotFoundError,
  runWithRequestContext,
} from '@modelgate/runtime';
import { expectFreshPublicStatus } from './support/public-status-fields';
import { ApiClient } from './support/api-client';
import { RawGrpcConnection } from './support/raw-grpc';
import { baseEnv, eventually, getJson, type LogLine, ServiceProcess, TEST_GRPC_SECRET } from './support/service-process';

jest.setTimeout(120_000);

const logger = createLogger({ service: 'split-test', level: 'silent' });
const natsUrl = process.env.NATS_URL;

describe('services as separate processes need a shared bus', () => {
  it('refuse to start without NATS_URL, naming it', async () => {
    const billing = new ServiceProcess(
      'billing',
      'services/billing/dist/main.js',
      baseEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' }),
    );
    expect(await billing.exitCode()).toBe(78);
    expect(billing.output.join('\n')).toMatch(/invalid configuration \(1 problem\):\n\s+- NATS_URL: is required/);
  });
});

// Separate processes can only share a real bus: this part needs NATS_URL (CI always sets it).
if (natsUrl) {
  describe('the five services as separate processes on PostgreSQL and NATS', () => {
    const namespace = `split${randomBytes(4).toString('hex')}`;
    const processes: ServiceProcess[] = [];
    let database: TestDatabase;
    let bus: MessageBus;
    let edgeUrl = '';
    const grpcPorts: Record<string, number> = {};

    const start = (name: string, env: Record<string, string>) => {
      const child = new ServiceProcess(
        name,
        `services/${name}/dist/main.js`,
        baseEnv({
          DATABASE_URL: database.url,
          NATS_URL: natsUrl,
          NATS_NAMESPACE: namespace,
          // No GRPC_HOST: the default (loopback) is under test too.
          GRPC_PORT: '0',
          DATABASE_POOL_SIZE: '3',
          ...env,
        }),
      );
      processes.push(child);
      return child;
    };
    const readyOn = async (child: ServiceProcess): Promise<number> => {
      const line: LogLine = await child.waitFor((l) => l.msg === `${child.name} service ready`);
      return Number(line.grpc_port);
    };
    const address = (name: string) => `127.0.0.1:${grpcPorts[name]}`;
    let secondEdgeUrl = '';
    const startEdgeReplica = async (): Promise<string> => {
      const edge = start('edge', {
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_GRPC_ADDR: address('identity'),
        BILLING_GRPC_ADDR: address('billing'),
        RELAY_GRPC_ADDR: address('relay'),
        TASK_GRPC_ADDR: address('task'),
      });
      const listening = await edge.waitFor((l) => l.msg === 'edge HTTP listening');
      await edge.waitFor((l) => l.msg === 'edge ready');
      return `http://127.0.0.1:${String(listening.port)}`;
    };

    beforeAll(async () => {
      database = await createTestDatabase({ migrate: false });
      const migrate = new ServiceProcess('migrate', 'packages/db/dist/cli/migrate.js', baseEnv({ DATABASE_URL: database.url }), ['up']);
      expect(await migrate.exitCode(90_000)).toBe(0);

      // Billing first: identity calls it.
      grpcPorts.billing = await readyOn(start('billing', {}));
      const others = [
        start('identity', { BILLING_GRPC_ADDR: address('billing') }),
        start('relay', { PORT: '0', HOST: '127.0.0.1', BILLING_GRPC_ADDR: address('billing') }),
        start('task', {}),
      ];
      for (const child of others) grpcPorts[child.name] = await readyOn(child);

      // Two edge replicas: sessions and bans must hold across them.
      [edgeUrl, secondEdgeUrl] = await Promise.all([startEdgeReplica(), startEdgeReplica()]);

      bus = await createNatsBus({ registry: BUS_REGISTRY, url: natsUrl, namespace, logger });
    });

    afterAll(async () => {
      await bus?.close();
      await Promise.all(processes.map((child) => child.stop().catch(() => undefined)));
      await database?.drop();
    });

    it('answers GET /api/status through edge with identity over gRPC', async () => {
      await eventually(async () => ((await fetch(`${edgeUrl}/readyz`)).status === 200 ? true : undefined), 10_000, 'edge ready');
      const res = await fetch(`${edgeUrl}/api/status`);
      expect(res.status).toBe(200);
      expectFreshPublicStatus(await res.json());
    });

    it('serves each backend over gRPC with grpc.health.v1 and a real call', async () => {
      for (const [name, contract] of Object.entries({
        identity: identityContract,
        billing: billingContract,
        relay: relayContract,
        task: taskContract,
      })) {
        expect(await checkHealth(address(name), contract.serviceName)).toBe('SERVING');
      }
      const billing = createGrpcClient(billingContract.Client, address('billing'), { logger, secret: TEST_GRPC_SECRET });
      const relay = createGrpcClient(relayContract.Client, address('relay'), { logger, secret: TEST_GRPC_SECRET });
      const task = createGrpcClient(taskContract.Client, address('task'), { logger, secret: TEST_GRPC_SECRET });
      try {
        // The root user seeded by `migrate up` starts with $200 of quota.
        expect(await billing.call('GetUserQuota', { user_id: 1 })).toEqual({
          quota: '100000000',
          used_quota: '0',
          request_count: '0',
        });
        expect(await relay.call('ListEnabledModels', { group: 'default' })).toEqual({ models: [] });
        await expect(task.call('GetTask', { task_id: 'no-such-task' })).rejects.toMatchObject({
          constructor: NotFoundError,
          code: 'task_not_found',
        });
      } finally {
        billing.close();
        relay.close();
        task.close();
      }
    });

    it('binds gRPC to loopback by default and refuses callers without this deployment’s GRPC_SECRET', async () => {
      for (const child of processes.filter((p) => ['identity', 'billing', 'relay', 'task'].includes(p.name))) {
        const listening = await child.waitFor((l) => l.msg === 'gRPC server listening');
        expect({ service: child.name, host: listening.host }).toEqual({ service: child.name, host: '127.0.0.1' });
      }
      const served = { identity: identityContract, billing: billingContract, relay: relayContract, task: taskContract };
      for (const [name, contract] of Object.entries(served)) {
        const raw = new RawGrpcConnection(address(name));
        try {
          for (const method of Object.values(contract.definition)) {
            expect({ method: method.path, ...(await raw.call(method.path)) }).toMatchObject({ status: 16, code: 'service_auth_missing' });
          }
        } finally {
          raw.close();
        }
      }
      const stranger = createGrpcClient(billingContract.Client, address('billing'), { logger, secret: 'another-deployments-secret-0123456789' });
      try {
        await expect(stranger.call('GetUserQuota', { user_id: 1 })).rejects.toMatchObject({
          constructor: InternalError,
          code: 'service_auth_invalid',
        });
      } finally {
        stranger.close();
      }
    });

    it('carries an option change from identity to edge over NATS within a second', async () => {
      const seen: Array<{ keys: string[]; requestId: string | undefined }> = [];
      const subscription = await bus.subscribe('modelgate.evt.config.option.changed', (message) => {
        seen.push({ keys: message.payload.keys, requestId: message.headers['x-request-id'] });
      });
      const identity = createGrpcClient(identityContract.Client, address('identity'), { logger, secret: TEST_GRPC_SECRET });
      try {
        // Prime edge's cache so only the event can make it see the change.
        expect((await getJson(`${edgeUrl}/api/status`)).body.data.system_name).toBe('Modelgate');
        const changed = await runWithRequestContext({ requestId: 'split-test-option-change' }, () =>
          identity.call('UpdateOptions', { options: [{ key: 'SystemName', value: 'Split Stack' }] }),
        );
        expect(changed.changed_keys).toEqual(['SystemName']);
        const started = Date.now();
        await eventually(
          async () => {
            const { body } = await getJson(`${edgeUrl}/api/status`);
            return body.data.system_name === 'Split Stack' ? true : undefined;
          },
          1_000,
          'edge serving the new system name',
        );
        expect(Date.now() - started).toBeLessThan(1_000);
        await eventually(async () => (seen.length > 0 ? true : undefined), 1_000, 'the event reaching the test');
        // The request id travelled client → identity (gRPC metadata) → event (NATS header).
        expect(seen[0]).toEqual({ keys: ['SystemName'], requestId: 'split-test-option-change' });
      } finally {
        identity.close();
        await subscription.unsubscribe();
      }
    });

    it('keeps a session valid on every edge replica and applies a ban from one on the other', async () => {
      const root = new ApiClient(edgeUrl);
      await root.login('root', '123456');
      const created = await root.post('/api/user/', { username: 'replica', password: 'replica-pass-1', display_name: 'R' });
      expect(created.body.success).toBe(true);

      const onFirst = new ApiClient(edgeUrl);
      await onFirst.login('replica', 'replica-pass-1');
      // The same browser (cookie and user header) against the other replica.
      const onSecond = onFirst.sameBrowserOn(secondEdgeUrl);
      expect((await onSecond.get('/api/user/self')).body.data.username).toBe('replica');

      const banned = await root.post('/api/user/manage', { id: onFirst.userId, action: 'disable' });
      expect(banned.body).toMatchObject({ success: true, data: { status: 2 } });
      const refused = await onSecond.get('/api/user/self');
      expect(refused.body.success).toBe(false);
    });

    it('stops every process cleanly on SIGTERM', async () => {
      const codes = await Promise.all(processes.map((child) => child.stop()));
      expect(codes).toEqual(processes.map(() => 0));
    });
  });
}
