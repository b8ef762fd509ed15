export { startTaskService } from './task-service';
export { platformLabel, type TaskEnd, TaskMetrics, TASK_PLATFORMS } from './observability/task-metrics';
export type { RunningTaskService } from './task-service';
