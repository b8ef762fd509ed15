import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger, generateServiceSecret, MODELGATE_VERSION } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';

/** A backend service running on a private test database and an in-process bus. */
export interface BackendHarness<R extends RunningService> {
  readonly database: MigratedTestDatabase;
  readonly bus: MessageBus;
  readonly service: R;
  /** `127.0.0.1:<port>` of the service's gRPC server. */
  readonly address: string;
  /** The service secret its server requires: pass it as `secret` to the test's clients. */
  readonly grpcSecret: string;
  /** Stops the service, the bus and drops the database. */
  stop(): Promise<void>;
}

/**
 * Starts `start` the way both composition roots do, on a fresh migrated (optionally seeded)
 * database — real PostgreSQL when DATABASE_URL is set, else the embedded one.
 */
export async function startBackendForTest<R extends RunningService>(
  start: (deps: BackendDeps) => Promise<R>,
  options: { seed?: boolean } = {},
): Promise<BackendHarness<R>> {
  const logger = createLogger({ service: 'test', level: 'silent' });
  const database = await createTestDatabase({ seed: options.seed ?? false });
  const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
  const grpcSecret = generateServiceSecret();
  try {
    const service = await start({
      logger,
      dataSource: database.dataSource,
      bus,
      grpc: { host: '127.0.0.1', port: 0 },
      grpcSecret,
      grpcDeadlineMs: 5_000,
      version: MODELGATE_VERSION,
    });
    return {
      database,
      bus,
      service,
      address: `127.0.0.1:${service.grpcPort}`,
      grpcSecret,
      async stop() {
        await service.stop(2_000);
        await bus.close();
        await database.drop();
      },
    };
  } catch (error) {
    await bus.close();
    await database.drop();
    throw error;
  }
}
