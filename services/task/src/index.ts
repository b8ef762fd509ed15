export { startTaskService, type RunningTaskService, type TaskServiceOptions } from './task-service';
export { taskConfig } from './config';
export { DEFAULT_POLLER_OPTIONS, type PassReport, TaskPoller, type TaskPollerOptions } from './polling/task-poller';
export { platformLabel, type TaskEnd, TaskMetrics, TASK_PLATFORMS } from './observability/task-metrics';
