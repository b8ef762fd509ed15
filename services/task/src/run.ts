import { DEFAULT_METRICS_PORTS, MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { taskConfig } from './config';
import { startTaskService } from './task-service';

void runBackendService({
  service: 'task',
  defaultGrpcPort: 50054,
  defaultMetricsPort: DEFAULT_METRICS_PORTS.task,
  version: MODELGATE_VERSION,
  config: taskConfig,
  start: (deps, config) =>
    startTaskService(deps, {
      poller: { intervalMs: config.taskPollIntervalSeconds * 1000, taskTimeoutMs: config.taskTimeoutMinutes * 60_000 },
    }),
});
