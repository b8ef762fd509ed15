import * as contracts from '@modelgate/contracts';
import {
  accountContract,
  billingContract,
  channelAdminContract,
  channelProbeContract,
  identityContract,
  oauthContract,
  redemptionContract,
  relayContract,
  taskContract,
  tokenContract,
  usageQueryContract,
  userAdminContract,
  walletContract,
} from '@modelgate/contracts';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { embeddedConfig, type EmbeddedStack, startEmbeddedStack } from '@modelgate/embedded';
import { createGrpcClient, createLogger, loadConfig, NotFoundError } from '@modelgate/runtime';
import { RawGrpcConnection } from './support/raw-grpc';

// Service-to-service authentication (docs/adr/0020-service-authentication.md): every method of
// every backend's gRPC server refuses a call that lacks the deployment's secret, or carries a
// wrong one, with UNAUTHENTICATED and a machine-readable reason, before any handler runs; only
// grpc.health.v1 answers without it (Kubernetes probes cannot send metadata). The calls here are
// raw HTTP/2, as any pod that reaches the port could make them.

jest.setTimeout(120_000);

const UNAUTHENTICATED = 16;
const logger = createLogger({ service: 'service-auth-test', level: 'silent' });

/** The contracts each backend's server hosts. */
const SERVERS = {
  identity: [identityContract, accountContract, userAdminContract, oauthContract, tokenContract],
  billing: [billingContract, redemptionContract, walletContract, usageQueryContract],
  relay: [relayContract, channelProbeContract, channelAdminContract],
  task: [taskContract],
} as const;
type ServerName = keyof typeof SERVERS;

let database: TestDatabase;
let stack: EmbeddedStack;
const connections = new Map<ServerName, RawGrpcConnection>();
const raw = (server: ServerName) => connections.get(server)!;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const config = loadConfig(embeddedConfig, {
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  stack = await startEmbeddedStack(config);
  for (const server of Object.keys(SERVERS) as ServerName[]) {
    connections.set(server, new RawGrpcConnection(stack.grpcAddresses[server]));
  }
});

afterAll(async () => {
  for (const connection of connections.values()) connection.close();
  await stack?.stop();
  await database?.drop();
});

it('covers every gRPC contract there is', () => {
  const all = Object.values(contracts)
    .filter((value): value is typeof identityContract => typeof value === 'object' && value !== null && 'serviceName' in value)
    .map((contract) => contract.serviceName)
    .sort();
  const covered = Object.values(SERVERS)
    .flat()
    .map((contract) => contract.serviceName)
    .sort();
  expect(covered).toEqual(all);
});

describe.each(Object.keys(SERVERS) as ServerName[])('the %s server', (server) => {
  const methods = () =>
    SERVERS[server].flatMap((contract) => Object.values(contract.definition).map((method) => method.path as string));

  it('refuses every method called without the secret: UNAUTHENTICATED, service_auth_missing', async () => {
    const answers = await Promise.all(methods().map(async (path) => ({ path, ...(await raw(server).call(path)) })));
    expect(answers.length).toBeGreaterThan(0);
    for (const { path, status, code } of answers) {
      expect({ path, status, code }).toEqual({ path, status: UNAUTHENTICATED, code: 'service_auth_missing' });
    }
  });

  it('refuses every method called with a wrong secret or scheme: UNAUTHENTICATED, service_auth_invalid', async () => {
    const wrong = [
      { authorization: `Bearer ${'x'.repeat(43)}` },
      { authorization: `Bearer ${stack.grpcSecret}x` },
      { authorization: stack.grpcSecret },
      { authorization: `Basic ${stack.grpcSecret}` },
    ];
    for (const metadata of wrong) {
      const answers = await Promise.all(methods().map(async (path) => ({ path, ...(await raw(server).call(path, metadata)) })));
      for (const { path, status, code, message } of answers) {
        expect({ path, status, code }).toEqual({ path, status: UNAUTHENTICATED, code: 'service_auth_invalid' });
        expect(message).not.toContain(stack.grpcSecret);
      }
    }
  });

  it('still answers grpc.health.v1 without the secret (probes send no metadata)', async () => {
    const answer = await raw(server).call('/grpc.health.v1.Health/Check');
    expect(answer.status).toBe(0);
    // HealthCheckResponse { status: SERVING (1) }: field 1, varint 1.
    expect([...answer.body]).toEqual([0x08, 0x01]);
  });
});

it('lets nothing through a refused call: an option write without the secret changes nothing', async () => {
  const UpdateOptions = identityContract.definition.UpdateOptions;
  const message = UpdateOptions.requestSerialize({ options: [{ key: 'SystemName', value: 'Owned' }] });
  const refused = await raw('identity').call(UpdateOptions.path, {}, message);
  expect(refused).toMatchObject({ status: UNAUTHENTICATED, code: 'service_auth_missing' });

  const identity = createGrpcClient(identityContract.Client, stack.grpcAddresses.identity, { logger, secret: stack.grpcSecret });
  try {
    const { status } = await identity.call('GetPublicStatus', {});
    expect(status?.system_name).toBeDefined();
    expect(status?.system_name).not.toBe('Owned');
  } finally {
    identity.close();
  }
});

it('serves the callers that hold the secret', async () => {
  const options = { logger, secret: stack.grpcSecret };
  const billing = createGrpcClient(billingContract.Client, stack.grpcAddresses.billing, options);
  const relay = createGrpcClient(relayContract.Client, stack.grpcAddresses.relay, options);
  const task = createGrpcClient(taskContract.Client, stack.grpcAddresses.task, options);
  try {
    expect(await billing.call('GetUserQuota', { user_id: 1 })).toMatchObject({ used_quota: '0' });
    expect(await relay.call('ListEnabledModels', { group: 'default' })).toEqual({ models: [] });
    await expect(task.call('GetTask', { task_id: 'no-such-task' })).rejects.toBeInstanceOf(NotFoundError);
  } finally {
    billing.close();
    relay.close();
    task.close();
  }
});

it('reports a refused secret to the calling code as a fault of the deployment, not as a signed-out user', async () => {
  const identity = createGrpcClient(identityContract.Client, stack.grpcAddresses.identity, {
    logger,
    secret: 'y'.repeat(43),
  });
  try {
    await expect(identity.call('GetPublicStatus', {})).rejects.toMatchObject({
      name: 'InternalError',
      code: 'service_auth_invalid',
      httpStatus: 500,
    });
  } finally {
    identity.close();
  }
});
