import { taskContract } from '@modelgate/contracts';
import { TaskEntity } from '@modelgate/db';
import { createGrpcClient, createLogger, NotFoundError, ValidationError } from '@modelgate/runtime';
import type { RunningService } from '@modelgate/service-host';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import { startTaskService } from './task-service';

jest.setTimeout(60_000);

describe('task service: GetTask', () => {
  let harness: BackendHarness<RunningService>;
  let client: ReturnType<typeof createGrpcClient<typeof taskContract.definition>>;

  beforeAll(async () => {
    harness = await startBackendForTest((deps) => startTaskService(deps, { polling: false }));
    client = createGrpcClient(taskContract.Client, harness.address, {
      logger: createLogger({ service: 'test', level: 'silent' }),
      secret: harness.grpcSecret,
    });
  });
  afterAll(async () => {
    client?.close();
    await harness?.stop();
  });

  it('returns a stored music task by its upstream id', async () => {
    await harness.database.dataSource.getRepository(TaskEntity).insert({
      task_id: 'suno-abc',
      platform: 'suno',
      user_id: 5,
      channel_id: 9,
      action: 'MUSIC',
      status: 'IN_PROGRESS',
      progress: '40%',
      submit_time: 1_700_000_000,
      created_at: 1_700_000_000,
      quota: 50_000,
      properties: { input: 'a song' },
    });
    const { task } = await client.call('GetTask', { task_id: 'suno-abc' });
    expect(task).toMatchObject({
      task_id: 'suno-abc',
      platform: 'suno',
      user_id: '5',
      channel_id: '9',
      action: 'MUSIC',
      status: 'IN_PROGRESS',
      progress: '40%',
      submit_time: '1700000000',
      quota: '50000',
      created_at: '1700000000',
      properties_json: '{"input":"a song"}',
      data_json: '',
    });
  });

  it('answers NOT_FOUND for an unknown task and INVALID_ARGUMENT without an id', async () => {
    await expect(client.call('GetTask', { task_id: 'missing' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.call('GetTask', { task_id: '' })).rejects.toBeInstanceOf(ValidationError);
  });
});
