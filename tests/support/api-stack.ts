import { identityContract } from '@modelgate/contracts';
import { createDataSource } from '@modelgate/db';
import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { SessionStore } from '@modelgate/edge';
import { embeddedConfig, type EmbeddedStack, startEmbeddedStack } from '@modelgate/embedded';
import { createGrpcClient, createLogger, loadConfig } from '@modelgate/runtime';
import { ApiClient } from './api-client';
import { TEST_OUTBOUND_ALLOWED_RANGES } from './relay-fixtures';

/** The whole product in this process on a private database, for `/api` tests over real HTTP. */
export interface ApiStack {
  readonly url: string;
  readonly database: TestDatabase;
  readonly stack: EmbeddedStack;
  /** A new client (one browser) against this stack. */
  client(): ApiClient;
  /** A client signed in as root (`root` / `123456`). */
  root(): Promise<ApiClient>;
  /**
   * A client holding a fresh session of `userId`, as a sign-in would leave it, without going
   * through `POST /api/user/login` (and its rate limit) — for tests about what comes after.
   */
  signedInAs(userId: number): Promise<ApiClient>;
  /** Writes options through identity, as the settings page does, so every cache sees them. */
  setOptions(values: Record<string, string>): Promise<void>;
  /** SQL against the stack's database (setup and assertions). */
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * Starts the embedded stack (every service, gRPC between them) on a fresh database: real
 * PostgreSQL when DATABASE_URL is set, else the embedded one. Extra environment (e.g.
 * TURNSTILE_VERIFY_URL of a fake) goes in `env`. Outbound calls may reach loopback
 * ({@link TEST_OUTBOUND_ALLOWED_RANGES}).
 */
export async function startApiStack(env: Record<string, string> = {}): Promise<ApiStack> {
  const database = await createTestDatabase({ migrate: false });
  const config = loadConfig(embeddedConfig, {
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const stack = await startEmbeddedStack(config);
  const logger = createLogger({ service: 'api-test', level: 'silent' });
  const identity = createGrpcClient(identityContract.Client, stack.grpcAddresses.identity, { logger, secret: stack.grpcSecret });
  const { Client } = await import('pg');
  const sql = new Client({ connectionString: database.url });
  await sql.connect();
  const sessionData = createDataSource({ url: database.url, poolSize: 1, logger });
  await sessionData.initialize();
  const sessions = new SessionStore(sessionData);
  const setOptions = async (values: Record<string, string>) => {
    await identity.call('UpdateOptions', { options: Object.entries(values).map(([key, value]) => ({ key, value })) });
    // Edge applies the change from the event; give the in-process bus a moment to deliver it.
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await setOptions({ OutboundAllowedRanges: TEST_OUTBOUND_ALLOWED_RANGES });
  return {
    url: stack.url,
    database,
    stack,
    client: () => new ApiClient(stack.url),
    async root() {
      const client = new ApiClient(stack.url);
      await client.login('root', '123456');
      return client;
    },
    async signedInAs(userId) {
      const client = new ApiClient(stack.url);
      client.setCookie('session', await sessions.create(userId));
      client.userId = userId;
      return client;
    },
    setOptions,
    async query(text, parameters = []) {
      return (await sql.query(text, parameters)).rows;
    },
    async stop() {
      identity.close();
      await sessionData.destroy();
      await sql.end();
      await stack.stop();
      await database.drop();
    },
  };
}

