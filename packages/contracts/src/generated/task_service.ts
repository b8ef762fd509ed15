import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DrawingTask as _modelgate_task_v1_DrawingTask, DrawingTask__Output as _modelgate_task_v1_DrawingTask__Output } from './modelgate/task/v1/DrawingTask';
import type { DrawingTaskFilter as _modelgate_task_v1_DrawingTaskFilter, DrawingTaskFilter__Output as _modelgate_task_v1_DrawingTaskFilter__Output } from './modelgate/task/v1/DrawingTaskFilter';
import type { FindDrawingTasksRequest as _modelgate_task_v1_FindDrawingTasksRequest, FindDrawingTasksRequest__Output as _modelgate_task_v1_FindDrawingTasksRequest__Output } from './modelgate/task/v1/FindDrawingTasksRequest';
import type { FindDrawingTasksResponse as _modelgate_task_v1_FindDrawingTasksResponse, FindDrawingTasksResponse__Output as _modelgate_task_v1_FindDrawingTasksResponse__Output } from './modelgate/task/v1/FindDrawingTasksResponse';
import type { FindTasksRequest as _modelgate_task_v1_FindTasksRequest, FindTasksRequest__Output as _modelgate_task_v1_FindTasksRequest__Output } from './modelgate/task/v1/FindTasksRequest';
import type { FindTasksResponse as _modelgate_task_v1_FindTasksResponse, FindTasksResponse__Output as _modelgate_task_v1_FindTasksResponse__Output } from './modelgate/task/v1/FindTasksResponse';
import type { GetTaskRequest as _modelgate_task_v1_GetTaskRequest, GetTaskRequest__Output as _modelgate_task_v1_GetTaskRequest__Output } from './modelgate/task/v1/GetTaskRequest';
import type { GetTaskResponse as _modelgate_task_v1_GetTaskResponse, GetTaskResponse__Output as _modelgate_task_v1_GetTaskResponse__Output } from './modelgate/task/v1/GetTaskResponse';
import type { ListDrawingTasksRequest as _modelgate_task_v1_ListDrawingTasksRequest, ListDrawingTasksRequest__Output as _modelgate_task_v1_ListDrawingTasksRequest__Output } from './modelgate/task/v1/ListDrawingTasksRequest';
import type { ListDrawingTasksResponse as _modelgate_task_v1_ListDrawingTasksResponse, ListDrawingTasksResponse__Output as _modelgate_task_v1_ListDrawingTasksResponse__Output } from './modelgate/task/v1/ListDrawingTasksResponse';
import type { ListTasksRequest as _modelgate_task_v1_ListTasksRequest, ListTasksRequest__Output as _modelgate_task_v1_ListTasksRequest__Output } from './modelgate/task/v1/ListTasksRequest';
import type { ListTasksResponse as _modelgate_task_v1_ListTasksResponse, ListTasksResponse__Output as _modelgate_task_v1_ListTasksResponse__Output } from './modelgate/task/v1/ListTasksResponse';
import type { RecordDrawingTaskRequest as _modelgate_task_v1_RecordDrawingTaskRequest, RecordDrawingTaskRequest__Output as _modelgate_task_v1_RecordDrawingTaskRequest__Output } from './modelgate/task/v1/RecordDrawingTaskRequest';
import type { RecordDrawingTaskResponse as _modelgate_task_v1_RecordDrawingTaskResponse, RecordDrawingTaskResponse__Output as _modelgate_task_v1_RecordDrawingTaskResponse__Output } from './modelgate/task/v1/RecordDrawingTaskResponse';
import type { RecordTaskRequest as _modelgate_task_v1_RecordTaskRequest, RecordTaskRequest__Output as _modelgate_task_v1_RecordTaskRequest__Output } from './modelgate/task/v1/RecordTaskRequest';
import type { RecordTaskResponse as _modelgate_task_v1_RecordTaskResponse, RecordTaskResponse__Output as _modelgate_task_v1_RecordTaskResponse__Output } from './modelgate/task/v1/RecordTaskResponse';
import type { RefreshDrawingTaskRequest as _modelgate_task_v1_RefreshDrawingTaskRequest, RefreshDrawingTaskRequest__Output as _modelgate_task_v1_RefreshDrawingTaskRequest__Output } from './modelgate/task/v1/RefreshDrawingTaskRequest';
import type { RefreshDrawingTaskResponse as _modelgate_task_v1_RefreshDrawingTaskResponse, RefreshDrawingTaskResponse__Output as _modelgate_task_v1_RefreshDrawingTaskResponse__Output } from './modelgate/task/v1/RefreshDrawingTaskResponse';
import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from './modelgate/task/v1/Task';
import type { TaskBilling as _modelgate_task_v1_TaskBilling, TaskBilling__Output as _modelgate_task_v1_TaskBilling__Output } from './modelgate/task/v1/TaskBilling';
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
        FindDrawingTasksRequest: MessageTypeDefinition<_modelgate_task_v1_FindDrawingTasksRequest, _modelgate_task_v1_FindDrawingTasksRequest__Output>
        FindDrawingTasksResponse: MessageTypeDefinition<_modelgate_task_v1_FindDrawingTasksResponse, _modelgate_task_v1_FindDrawingTasksResponse__Output>
        FindTasksRequest: MessageTypeDefinition<_modelgate_task_v1_FindTasksRequest, _modelgate_task_v1_FindTasksRequest__Output>
        FindTasksResponse: MessageTypeDefinition<_modelgate_task_v1_FindTasksResponse, _modelgate_task_v1_FindTasksResponse__Output>
        GetTaskRequest: MessageTypeDefinition<_modelgate_task_v1_GetTaskRequest, _modelgate_task_v1_GetTaskRequest__Output>
        GetTaskResponse: MessageTypeDefinition<_modelgate_task_v1_GetTaskResponse, _modelgate_task_v1_GetTaskResponse__Output>
        ListDrawingTasksRequest: MessageTypeDefinition<_modelgate_task_v1_ListDrawingTasksRequest, _modelgate_task_v1_ListDrawingTasksRequest__Output>
        ListDrawingTasksResponse: MessageTypeDefinition<_modelgate_task_v1_ListDrawingTasksResponse, _modelgate_task_v1_ListDrawingTasksResponse__Output>
        ListTasksRequest: MessageTypeDefinition<_modelgate_task_v1_ListTasksRequest, _modelgate_task_v1_ListTasksRequest__Output>
        ListTasksResponse: MessageTypeDefinition<_modelgate_task_v1_ListTasksResponse, _modelgate_task_v1_ListTasksResponse__Output>
        RecordDrawingTaskRequest: MessageTypeDefinition<_modelgate_task_v1_RecordDrawingTaskRequest, _modelgate_task_v1_RecordDrawingTaskRequest__Output>
        RecordDrawingTaskResponse: MessageTypeDefinition<_modelgate_task_v1_RecordDrawingTaskResponse, _modelgate_task_v1_RecordDrawingTaskResponse__Output>
        RecordTaskRequest: MessageTypeDefinition<_modelgate_task_v1_RecordTaskRequest, _modelgate_task_v1_RecordTaskRequest__Output>
        RecordTaskResponse: MessageTypeDefinition<_modelgate_task_v1_RecordTaskResponse, _modelgate_task_v1_RecordTaskResponse__Output>
        RefreshDrawingTaskRequest: MessageTypeDefinition<_modelgate_task_v1_RefreshDrawingTaskRequest, _modelgate_task_v1_RefreshDrawingTaskRequest__Output>
        RefreshDrawingTaskResponse: MessageTypeDefinition<_modelgate_task_v1_RefreshDrawingTaskResponse, _modelgate_task_v1_RefreshDrawingTaskResponse__Output>
        Task: MessageTypeDefinition<_modelgate_task_v1_Task, _modelgate_task_v1_Task__Output>
        TaskBilling: MessageTypeDefinition<_modelgate_task_v1_TaskBilling, _modelgate_task_v1_TaskBilling__Output>
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

