import { identityContract, type IdentityServiceDefinition } from '@modelgate/contracts';
import { createGrpcClient, createLogger, type GrpcClient, MODELGATE_VERSION, ValidationError } from '@modelgate/runtime';
import type { RunningService } from '@modelgate/service-host';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import { startIdentityService } from './identity-service';
import { OptionStore } from './options/option-store';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'identity-test', level: 'silent' });

describe('identity service', () => {
  let harness: BackendHarness<RunningService>;
  let client: GrpcClient<IdentityServiceDefinition>;

  beforeAll(async () => {
    // Options and status need no billing: its address points nowhere.
    harness = await startBackendForTest((deps) => startIdentityService({ ...deps, billingAddress: '127.0.0.1:1' }), {
      seed: true,
    });
    client = createGrpcClient(identityContract.Client, harness.address, { logger, secret: harness.grpcSecret });
  });

  afterAll(async () => {
    client?.close();
    await harness?.stop();
  });

  it('assembles the public status from the stored options', async () => {
    const { status } = await client.call('GetPublicStatus', {});
    expect(status).toMatchObject({ system_name: 'Modelgate', version: MODELGATE_VERSION, setup: true });
  });

  it('stores an option change, announces it, and other replicas apply it without reading the table', async () => {
    const { database, bus } = harness;
    const replica = new OptionStore(database.dataSource, bus, logger);
    await replica.load();
    const subscription = await bus.subscribe('modelgate.evt.config.option.changed', (message) =>
      replica.apply(message.payload.values),
    );
    try {
      const { changed_keys } = await client.call('UpdateOptions', {
        options: [
          { key: 'Notice', value: 'maintenance at 22:00' },
          { key: 'SystemName', value: 'Modelgate' }, // unchanged: not written, not announced
        ],
      });
      expect(changed_keys).toEqual(['Notice']);
      const rows = await database.dataSource.query(`SELECT value FROM options WHERE key = 'Notice'`);
      expect(rows).toEqual([{ value: 'maintenance at 22:00' }]);
      const deadline = Date.now() + 1_000;
      while (replica.get('Notice') !== 'maintenance at 22:00' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(replica.get('Notice')).toBe('maintenance at 22:00');
      const { options } = await client.call('ListOptions', {});
      expect(options).toContainEqual({ key: 'Notice', value: 'maintenance at 22:00' });
    } finally {
      await subscription.unsubscribe();
    }
  });

  it('rejects an update without options or with an empty key', async () => {
    await expect(client.call('UpdateOptions', { options: [] })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.call('UpdateOptions', { options: [{ key: ' ', value: 'x' }] })).rejects.toMatchObject({
      code: 'invalid_option_key',
    });
  });
});
