// Task: asynchronous drawing, music and lyrics tasks. Served by `services/task`.
import { serviceContract } from './contract';
import type { TaskServiceClient, TaskServiceDefinition } from './generated/modelgate/task/v1/TaskService';
import { loadProto } from './load';

/** `modelgate.task.v1.TaskService`: its typed definition (servers) and client class (clients). */
export const taskContract = serviceContract<TaskServiceDefinition, TaskServiceClient>(
  loadProto('modelgate/task/v1/task_service.proto'),
  'modelgate.task.v1.TaskService',
);

export type { TaskServiceClient, TaskServiceDefinition } from './generated/modelgate/task/v1/TaskService';
// Message types: `X` is what a sender builds (optional fields, int64 as number | string | Long),
// `X__Output` is what a receiver gets (every field present, int64 as a decimal string).
export type { GetTaskRequest, GetTaskRequest__Output } from './generated/modelgate/task/v1/GetTaskRequest';
export type { GetTaskResponse, GetTaskResponse__Output } from './generated/modelgate/task/v1/GetTaskResponse';
export type { Task, Task__Output } from './generated/modelgate/task/v1/Task';
export type { TaskCaller, TaskCaller__Output } from './generated/modelgate/task/v1/TaskCaller';
export type { DrawingTaskFilter, DrawingTaskFilter__Output } from './generated/modelgate/task/v1/DrawingTaskFilter';
export type { DrawingTask, DrawingTask__Output } from './generated/modelgate/task/v1/DrawingTask';
export type {
  ListDrawingTasksRequest,
  ListDrawingTasksRequest__Output,
} from './generated/modelgate/task/v1/ListDrawingTasksRequest';
export type {
  ListDrawingTasksResponse,
  ListDrawingTasksResponse__Output,
} from './generated/modelgate/task/v1/ListDrawingTasksResponse';
export type { TaskFilter, TaskFilter__Output } from './generated/modelgate/task/v1/TaskFilter';
export type { ListTasksRequest, ListTasksRequest__Output } from './generated/modelgate/task/v1/ListTasksRequest';
export type { ListTasksResponse, ListTasksResponse__Output } from './generated/modelgate/task/v1/ListTasksResponse';
export type { TaskBilling, TaskBilling__Output } from './generated/modelgate/task/v1/TaskBilling';
export type { RecordDrawingTaskRequest, RecordDrawingTaskRequest__Output } from './generated/modelgate/task/v1/RecordDrawingTaskRequest';
export type { RecordTaskRequest, RecordTaskRequest__Output } from './generated/modelgate/task/v1/RecordTaskRequest';
export type { FindDrawingTasksRequest, FindDrawingTasksRequest__Output } from './generated/modelgate/task/v1/FindDrawingTasksRequest';
export type { FindTasksRequest, FindTasksRequest__Output } from './generated/modelgate/task/v1/FindTasksRequest';
