// Original file: proto/modelgate/task/v1/task_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetTaskRequest as _modelgate_task_v1_GetTaskRequest, GetTaskRequest__Output as _modelgate_task_v1_GetTaskRequest__Output } from '../../../modelgate/task/v1/GetTaskRequest';
import type { GetTaskResponse as _modelgate_task_v1_GetTaskResponse, GetTaskResponse__Output as _modelgate_task_v1_GetTaskResponse__Output } from '../../../modelgate/task/v1/GetTaskResponse';

/**
 * TaskService reads asynchronous tasks for the other services.
 */
export interface TaskServiceClient extends grpc.Client {
  /**
   * GetTask returns one task by its upstream task id. NOT_FOUND when no task has that id.
   */
  GetTask(argument: _modelgate_task_v1_GetTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _modelgate_task_v1_GetTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _modelgate_task_v1_GetTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _modelgate_task_v1_GetTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetTask returns one task by its upstream task id. NOT_FOUND when no task has that id.
   */
  getTask(argument: _modelgate_task_v1_GetTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  getTask(argument: _modelgate_task_v1_GetTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  getTask(argument: _modelgate_task_v1_GetTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  getTask(argument: _modelgate_task_v1_GetTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_GetTaskResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * TaskService reads asynchronous tasks for the other services.
 */
export interface TaskServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * GetTask returns one task by its upstream task id. NOT_FOUND when no task has that id.
   */
  GetTask: grpc.handleUnaryCall<_modelgate_task_v1_GetTaskRequest__Output, _modelgate_task_v1_GetTaskResponse>;
  
}

export interface TaskServiceDefinition extends grpc.ServiceDefinition {
  GetTask: MethodDefinition<_modelgate_task_v1_GetTaskRequest, _modelgate_task_v1_GetTaskResponse, _modelgate_task_v1_GetTaskRequest__Output, _modelgate_task_v1_GetTaskResponse__Output>
}
