import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DrawingTask as _modelgate_task_v1_DrawingTask, DrawingTask__Output as _modelgate_task_v1_DrawingTask__Output } from './modelgate/task/v1/DrawingTask';
import type { DrawingTaskFilter as _modelgate_task_v1_DrawingTaskFilter, DrawingTaskFilter__Output as _modelgate_task_v1_DrawingTaskFilter__Output } from './modelgate/task/v1/DrawingTaskFilter';
import type { GetTaskRequest as _modelgate_task_v1_GetTaskRequest, GetTaskRequest__Output as _modelgate_task_v1_GetTaskRequest__Output } from './modelgate/task/v1/GetTaskRequest';
import type { GetTaskResponse as _modelgate_task_v1_GetTaskResponse, GetTaskResponse__Output as _modelgate_task_v1_GetTaskResponse__Output } from './modelgate/task/v1/GetTaskResponse';
import type { ListDrawingTasksRequest as _modelgate_task_v1_ListDrawingTasksRequest, ListDrawingTasksRequest__Output as _modelgate_task_v1_ListDrawingTasksRequest__Output } from './modelgate/task/v1/ListDrawingTasksRequest';
import type { ListDrawingTasksResponse as _modelgate_task_v1_ListDrawingTasksResponse, ListDrawingTasksResponse__Output as _modelgate_task_v1_ListDrawingTasksResponse__Output } from './modelgate/task/v1/ListDrawingTasksResponse';
import type { ListTasksRequest as _modelgate_task_v1_ListTasksRequest, ListTasksRequest__Output as _modelgate_task_v1_ListTasksRequest__Output } from './modelgate/task/v1/ListTasksRequest';
import type { ListTasksResponse as _modelgate_task_v1_ListTasksResponse, ListTasksResponse__Output as _modelgate_task_v1_ListTasksResponse__Output } from './modelgate/task/v1/ListTasksResponse';
import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from './modelgate/task/v1/Task';
import type { TaskCaller as _modelgate_task_v1_TaskCaller, TaskCaller__Output as _modelgate_task_v1_TaskCaller__Output } from './modelgate/task/v1/TaskCaller';
import type { TaskFilter as _modelgate_task_v1_TaskFilter, TaskFilter__Output as _modelgate_task_v1_TaskFilter__Output } from './modelgate/task/v1/TaskFilter';
import type { TaskServiceClient as _modelgate_task_v1_TaskServiceClient, TaskServiceDefinition as _modelgate_task_v1_TaskServiceDefinition } from './modelgate/task/v1/TaskService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    task: {
      v1: {
        DrawingTask: MessageTypeDefinition<_modelgate_task_v1_DrawingTask, _modelgate_task_v1_DrawingTask__Output>
        DrawingTaskFilter: MessageTypeDefinition<_modelgate_task_v1_DrawingTaskFilter, _modelgate_task_v1_DrawingTaskFilter__Output>
        GetTaskRequest: MessageTypeDefinition<_modelgate_task_v1_GetTaskRequest, _modelgate_task_v1_GetTaskRequest__Output>
        GetTaskResponse: MessageTypeDefinition<_modelgate_task_v1_GetTaskResponse, _modelgate_task_v1_GetTaskResponse__Output>
        ListDrawingTasksRequest: MessageTypeDefinition<_modelgate_task_v1_ListDrawingTasksRequest, _modelgate_task_v1_ListDrawingTasksRequest__Output>
        ListDrawingTasksResponse: MessageTypeDefinition<_modelgate_task_v1_ListDrawingTasksResponse, _modelgate_task_v1_ListDrawingTasksResponse__Output>
        ListTasksRequest: MessageTypeDefinition<_modelgate_task_v1_ListTasksRequest, _modelgate_task_v1_ListTasksRequest__Output>
        ListTasksResponse: MessageTypeDefinition<_modelgate_task_v1_ListTasksResponse, _modelgate_task_v1_ListTasksResponse__Output>
        Task: MessageTypeDefinition<_modelgate_task_v1_Task, _modelgate_task_v1_Task__Output>
        TaskCaller: MessageTypeDefinition<_modelgate_task_v1_TaskCaller, _modelgate_task_v1_TaskCaller__Output>
        TaskFilter: MessageTypeDefinition<_modelgate_task_v1_TaskFilter, _modelgate_task_v1_TaskFilter__Output>
        /**
         * TaskService reads asynchronous tasks for the other services and the console. The list calls
         * name their caller; task scopes the answer itself: a `self` request only ever reads the caller's
         * own tasks, never shows the channel they went through and ignores the channel filter, and a
         * request that is not `self` is refused with PERMISSION_DENIED unless the caller is an admin
         * (role 10 or above). Malformed filters or paging are INVALID_ARGUMENT with the message the
         * console shows.
         */
        TaskService: SubtypeConstructor<typeof grpc.Client, _modelgate_task_v1_TaskServiceClient> & { service: _modelgate_task_v1_TaskServiceDefinition }
      }
    }
  }
}

