import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createMetricsRegistry } from '@modelgate/runtime';
import { TaskMetrics } from './task-metrics';

describe('the task service’s metrics', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('reads the unfinished tasks per platform at scrape time, an unknown platform as other', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    const metrics = new TaskMetrics(registry, database.dataSource);
    await database.dataSource.query(
      `INSERT INTO tasks (platform, status) VALUES ('suno', 'IN_PROGRESS'), ('suno', 'QUEUED'), ('suno', 'SUCCESS'), ('suno', 'FAILURE'), ('made-up', 'SUBMITTED')`,
    );
    await database.dataSource.query(`INSERT INTO midjourneys (status) VALUES ('SUBMITTED'), ('SUCCESS')`);
    metrics.submitted('suno');
    metrics.finished('made-up', 'failure');
    const page = await registry.metrics();
    expect(page).toMatch(/^modelgate_task_unfinished\{platform="suno"\} 2$/m);
    expect(page).toMatch(/^modelgate_task_unfinished\{platform="midjourney"\} 1$/m);
    expect(page).toMatch(/^modelgate_task_unfinished\{platform="other"\} 1$/m);
    expect(page).toMatch(/^modelgate_task_submitted_total\{platform="suno"\} 1$/m);
    expect(page).toMatch(/^modelgate_task_finished_total\{platform="other",status="failure"\} 1$/m);
    expect(page).not.toContain('made-up');
  });
});
