// Original file: proto/modelgate/task/v1/task_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetTaskRequest as _modelgate_task_v1_GetTaskRequest, GetTaskRequest__Output as _modelgate_task_v1_GetTaskRequest__Output } from '../../../modelgate/task/v1/GetTaskRequest';
import type { GetTaskResponse as _modelgate_task_v1_GetTaskResponse, GetTaskResponse__Output as _modelgate_task_v1_GetTaskResponse__Output } from '../../../modelgate/task/v1/GetTaskResponse';
import type { ListDrawingTasksRequest as _modelgate_task_v1_ListDrawingTasksRequest, ListDrawingTasksRequest__Output as _modelgate_task_v1_ListDrawingTasksRequest__Output } from '../../../modelgate/task/v1/ListDrawingTasksRequest';
import type { ListDrawingTasksResponse as _modelgate_task_v1_ListDrawingTasksResponse, ListDrawingTasksResponse__Output as _modelgate_task_v1_ListDrawingTasksResponse__Output } from '../../../modelgate/task/v1/ListDrawingTasksResponse';
import type { ListTasksRequest as _modelgate_task_v1_ListTasksRequest, ListTasksRequest__Output as _modelgate_task_v1_ListTasksRequest__Output } from '../../../modelgate/task/v1/ListTasksRequest';
import type { ListTasksResponse as _modelgate_task_v1_ListTasksResponse, ListTasksResponse__Output as _modelgate_task_v1_ListTasksResponse__Output } from '../../../modelgate/task/v1/ListTasksResponse';

/**
 * TaskService reads asynchronous tasks for the other services and the console. The list calls
 * name their caller; task scopes the answer itself: a `self` request only ever reads the caller's
 * own tasks, never shows the channel they went through and ignores the channel filter, and a
 * request that is not `self` is refused with PERMISSION_DENIED unless the caller is an admin
 * (role 10 or above). Malformed filters or paging are INVALID_ARGUMENT with the message the
 * console shows.
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
  
  /**
   * ListDrawingTasks pages over drawing tasks (`midjourneys`) matching the filter, newest
   * submission first (by row id, which is assigned at submission).
   */
  ListDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  ListDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  ListDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  ListDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListDrawingTasks pages over drawing tasks (`midjourneys`) matching the filter, newest
   * submission first (by row id, which is assigned at submission).
   */
  listDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  listDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  listDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  listDrawingTasks(argument: _modelgate_task_v1_ListDrawingTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_ListDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListTasks pages over music and lyrics tasks (`tasks`) matching the filter, newest
   * submission first (by row id, which is assigned at submission).
   */
  ListTasks(argument: _modelgate_task_v1_ListTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _modelgate_task_v1_ListTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _modelgate_task_v1_ListTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _modelgate_task_v1_ListTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListTasks pages over music and lyrics tasks (`tasks`) matching the filter, newest
   * submission first (by row id, which is assigned at submission).
   */
  listTasks(argument: _modelgate_task_v1_ListTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _modelgate_task_v1_ListTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _modelgate_task_v1_ListTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _modelgate_task_v1_ListTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * TaskService reads asynchronous tasks for the other services and the console. The list calls
 * name their caller; task scopes the answer itself: a `self` request only ever reads the caller's
 * own tasks, never shows the channel they went through and ignores the channel filter, and a
 * request that is not `self` is refused with PERMISSION_DENIED unless the caller is an admin
 * (role 10 or above). Malformed filters or paging are INVALID_ARGUMENT with the message the
 * console shows.
 */
export interface TaskServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * GetTask returns one task by its upstream task id. NOT_FOUND when no task has that id.
   */
  GetTask: grpc.handleUnaryCall<_modelgate_task_v1_GetTaskRequest__Output, _modelgate_task_v1_GetTaskResponse>;
  
  /**
   * ListDrawingTasks pages over drawing tasks (`midjourneys`) matching the filter, newest
   * submission first (by row id, which is assigned at submission).
   */
  ListDrawingTasks: grpc.handleUnaryCall<_modelgate_task_v1_ListDrawingTasksRequest__Output, _modelgate_task_v1_ListDrawingTasksResponse>;
  
  /**
   * ListTasks pages over music and lyrics tasks (`tasks`) matching the filter, newest
   * submission first (by row id, which is assigned at submission).
   */
  ListTasks: grpc.handleUnaryCall<_modelgate_task_v1_ListTasksRequest__Output, _modelgate_task_v1_ListTasksResponse>;
  
}

export interface TaskServiceDefinition extends grpc.ServiceDefinition {
  GetTask: MethodDefinition<_modelgate_task_v1_GetTaskRequest, _modelgate_task_v1_GetTaskResponse, _modelgate_task_v1_GetTaskRequest__Output, _modelgate_task_v1_GetTaskResponse__Output>
  ListDrawingTasks: MethodDefinition<_modelgate_task_v1_ListDrawingTasksRequest, _modelgate_task_v1_ListDrawingTasksResponse, _modelgate_task_v1_ListDrawingTasksRequest__Output, _modelgate_task_v1_ListDrawingTasksResponse__Output>
  ListTasks: MethodDefinition<_modelgate_task_v1_ListTasksRequest, _modelgate_task_v1_ListTasksResponse, _modelgate_task_v1_ListTasksRequest__Output, _modelgate_task_v1_ListTasksResponse__Output>
}
