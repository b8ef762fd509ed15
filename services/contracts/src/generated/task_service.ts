import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetTaskRequest as _modelgate_task_v1_GetTaskRequest, GetTaskRequest__Output as _modelgate_task_v1_GetTaskRequest__Output } from './modelgate/task/v1/GetTaskRequest';
import type { GetTaskResponse as _modelgate_task_v1_GetTaskResponse, GetTaskResponse__Output as _modelgate_task_v1_GetTaskResponse__Output } from './modelgate/task/v1/GetTaskResponse';
import type { Task as _modelgate_task_v1_Task, Task__Output as _modelgate_task_v1_Task__Output } from './modelgate/task/v1/Task';
import type { TaskServiceClient as _modelgate_task_v1_TaskServiceClient, TaskServiceDefinition as _modelgate_task_v1_TaskServiceDefinition } from './modelgate/task/v1/TaskService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    task: {
      v1: {
        GetTaskRequest: MessageTypeDefinition<_modelgate_task_v1_GetTaskRequest, _modelgate_task_v1_GetTaskRequest__Output>
        GetTaskResponse: MessageTypeDefinition<_modelgate_task_v1_GetTaskResponse, _modelgate_task_v1_GetTaskResponse__Output>
        Task: MessageTypeDefinition<_modelgate_task_v1_Task, _modelgate_task_v1_Task__Output>
        /**
         * TaskService reads asynchronous tasks for the other services.
         */
        TaskService: SubtypeConstructor<typeof grpc.Client, _modelgate_task_v1_TaskServiceClient> & { service: _modelgate_task_v1_TaskServiceDefinition }
      }
    }
  }
}

