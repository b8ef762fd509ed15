import { relayContract, type RelayServiceDefinition } from '@modelgate/contracts';
import { createGrpcClient, createLogger, type GrpcClient } from '@modelgate/runtime';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import { type RunningRelay, startRelayService } from './relay-service';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'relay-test', level: 'silent' });

describe('relay service: enabled models', () => {
  let harness: BackendHarness<RunningRelay>;
  let client: GrpcClient<RelayServiceDefinition>;
  let channelIds: number[];

  const addChannel = async (): Promise<number> => {
    const rows: Array<{ id: number }> = await harness.database.dataSource.query(
      `INSERT INTO channels (type, name, key) VALUES (1, 'upstream', 'sk-upstream') RETURNING id`,
    );
    return rows[0]!.id;
  };
  const addAbility = (group: string, model: string, channelId: number, enabled = true) =>
    harness.database.dataSource.query(
      `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight) VALUES ($1, $2, $3, $4, 0, 0)`,
      [group, model, channelId, enabled],
    );
  const modelsOf = async (group: string) => (await client.call('ListEnabledModels', { group })).models;
  const eventually = async (group: string, expected: string[]) => {
    const deadline = Date.now() + 1_000;
    while (JSON.stringify(await modelsOf(group)) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await modelsOf(group)).toEqual(expected);
  };

  beforeAll(async () => {
    // Listing models needs no billing; the address only has to be well-formed.
    harness = await startBackendForTest((deps) => startRelayService({ ...deps, billingAddress: '127.0.0.1:1', identityAddress: '127.0.0.1:1', taskAddress: '127.0.0.1:1' }));
    client = createGrpcClient(relayContract.Client, harness.address, { logger, secret: harness.grpcSecret });
    channelIds = [await addChannel(), await addChannel(), await addChannel()];
    await addAbility('default', 'gpt-4o', channelIds[0]!);
    await addAbility('vip', 'claude-3-5-sonnet-20241022', channelIds[1]!);
    await addAbility('default', 'gpt-4o-mini', channelIds[2]!, false);
    await harness.bus.publish('modelgate.evt.config.channel.changed', { channelIds, reason: 'created' });
    await eventually('default', ['gpt-4o']);
  });

  afterAll(async () => {
    client?.close();
    await harness?.stop();
  });

  it('lists the models reachable through enabled channels, per group and overall', async () => {
    expect(await client.call('ListEnabledModels', { group: 'default' })).toEqual({ models: ['gpt-4o'] });
    expect(await client.call('ListEnabledModels', { group: 'vip' })).toEqual({
      models: ['claude-3-5-sonnet-20241022'],
    });
    expect(await client.call('ListEnabledModels', { group: '' })).toEqual({
      models: ['claude-3-5-sonnet-20241022', 'gpt-4o'],
    });
    expect(await client.call('ListEnabledModels', { group: 'nobody' })).toEqual({ models: [] });
  });

  it('picks up a channel change announced on the bus', async () => {
    await harness.database.dataSource.query(`UPDATE abilities SET enabled = true WHERE model = 'gpt-4o-mini'`);
    // Served from memory: the table change alone is not visible.
    expect(await modelsOf('default')).toEqual(['gpt-4o']);
    await harness.bus.publish('modelgate.evt.config.channel.changed', { channelIds: [channelIds[2]!], reason: 'enabled' });
    await eventually('default', ['gpt-4o', 'gpt-4o-mini']);
  });
});
