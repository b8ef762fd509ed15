// Original file: proto/modelgate/task/v1/task_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { FindDrawingTasksRequest as _modelgate_task_v1_FindDrawingTasksRequest, FindDrawingTasksRequest__Output as _modelgate_task_v1_FindDrawingTasksRequest__Output } from '../../../modelgate/task/v1/FindDrawingTasksRequest';
import type { FindDrawingTasksResponse as _modelgate_task_v1_FindDrawingTasksResponse, FindDrawingTasksResponse__Output as _modelgate_task_v1_FindDrawingTasksResponse__Output } from '../../../modelgate/task/v1/FindDrawingTasksResponse';
import type { FindTasksRequest as _modelgate_task_v1_FindTasksRequest, FindTasksRequest__Output as _modelgate_task_v1_FindTasksRequest__Output } from '../../../modelgate/task/v1/FindTasksRequest';
import type { FindTasksResponse as _modelgate_task_v1_FindTasksResponse, FindTasksResponse__Output as _modelgate_task_v1_FindTasksResponse__Output } from '../../../modelgate/task/v1/FindTasksResponse';
import type { GetTaskRequest as _modelgate_task_v1_GetTaskRequest, GetTaskRequest__Output as _modelgate_task_v1_GetTaskRequest__Output } from '../../../modelgate/task/v1/GetTaskRequest';
import type { GetTaskResponse as _modelgate_task_v1_GetTaskResponse, GetTaskResponse__Output as _modelgate_task_v1_GetTaskResponse__Output } from '../../../modelgate/task/v1/GetTaskResponse';
import type { ListDrawingTasksRequest as _modelgate_task_v1_ListDrawingTasksRequest, ListDrawingTasksRequest__Output as _modelgate_task_v1_ListDrawingTasksRequest__Output } from '../../../modelgate/task/v1/ListDrawingTasksRequest';
import type { ListDrawingTasksResponse as _modelgate_task_v1_ListDrawingTasksResponse, ListDrawingTasksResponse__Output as _modelgate_task_v1_ListDrawingTasksResponse__Output } from '../../../modelgate/task/v1/ListDrawingTasksResponse';
import type { ListTasksRequest as _modelgate_task_v1_ListTasksRequest, ListTasksRequest__Output as _modelgate_task_v1_ListTasksRequest__Output } from '../../../modelgate/task/v1/ListTasksRequest';
import type { ListTasksResponse as _modelgate_task_v1_ListTasksResponse, ListTasksResponse__Output as _modelgate_task_v1_ListTasksResponse__Output } from '../../../modelgate/task/v1/ListTasksResponse';
import type { RecordDrawingTaskRequest as _modelgate_task_v1_RecordDrawingTaskRequest, RecordDrawingTaskRequest__Output as _modelgate_task_v1_RecordDrawingTaskRequest__Output } from '../../../modelgate/task/v1/RecordDrawingTaskRequest';
import type { RecordDrawingTaskResponse as _modelgate_task_v1_RecordDrawingTaskResponse, RecordDrawingTaskResponse__Output as _modelgate_task_v1_RecordDrawingTaskResponse__Output } from '../../../modelgate/task/v1/RecordDrawingTaskResponse';
import type { RecordTaskRequest as _modelgate_task_v1_RecordTaskRequest, RecordTaskRequest__Output as _modelgate_task_v1_RecordTaskRequest__Output } from '../../../modelgate/task/v1/RecordTaskRequest';
import type { RecordTaskResponse as _modelgate_task_v1_RecordTaskResponse, RecordTaskResponse__Output as _modelgate_task_v1_RecordTaskResponse__Output } from '../../../modelgate/task/v1/RecordTaskResponse';
import type { RefreshDrawingTaskRequest as _modelgate_task_v1_RefreshDrawingTaskRequest, RefreshDrawingTaskRequest__Output as _modelgate_task_v1_RefreshDrawingTaskRequest__Output } from '../../../modelgate/task/v1/RefreshDrawingTaskRequest';
import type { RefreshDrawingTaskResponse as _modelgate_task_v1_RefreshDrawingTaskResponse, RefreshDrawingTaskResponse__Output as _modelgate_task_v1_RefreshDrawingTaskResponse__Output } from '../../../modelgate/task/v1/RefreshDrawingTaskResponse';

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
   * FindDrawingTasks returns the drawing tasks with these upstream ids, in no set order; only the
   * user's own when `user_id` is set. Ids that match nothing are left out.
   */
  FindDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  FindDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  FindDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  FindDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * FindDrawingTasks returns the drawing tasks with these upstream ids, in no set order; only the
   * user's own when `user_id` is set. Ids that match nothing are left out.
   */
  findDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  findDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  findDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  findDrawingTasks(argument: _modelgate_task_v1_FindDrawingTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_FindDrawingTasksResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * FindTasks returns the music and lyrics tasks with these upstream ids, as FindDrawingTasks.
   */
  FindTasks(argument: _modelgate_task_v1_FindTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  FindTasks(argument: _modelgate_task_v1_FindTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  FindTasks(argument: _modelgate_task_v1_FindTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  FindTasks(argument: _modelgate_task_v1_FindTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * FindTasks returns the music and lyrics tasks with these upstream ids, as FindDrawingTasks.
   */
  findTasks(argument: _modelgate_task_v1_FindTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  findTasks(argument: _modelgate_task_v1_FindTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  findTasks(argument: _modelgate_task_v1_FindTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  findTasks(argument: _modelgate_task_v1_FindTasksRequest, callback: grpc.requestCallback<_modelgate_task_v1_FindTasksResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  /**
   * RecordDrawingTask stores a drawing task an upstream accepted for the relay. The request id is
   * the key: a second call with one returns the row stored first, unchanged.
   */
  RecordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  RecordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  RecordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  RecordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  /**
   * RecordDrawingTask stores a drawing task an upstream accepted for the relay. The request id is
   * the key: a second call with one returns the row stored first, unchanged.
   */
  recordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  recordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  recordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  recordDrawingTask(argument: _modelgate_task_v1_RecordDrawingTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_RecordDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * RecordTask stores a music or lyrics task an upstream accepted, keyed by request id likewise.
   */
  RecordTask(argument: _modelgate_task_v1_RecordTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  RecordTask(argument: _modelgate_task_v1_RecordTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  RecordTask(argument: _modelgate_task_v1_RecordTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  RecordTask(argument: _modelgate_task_v1_RecordTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  /**
   * RecordTask stores a music or lyrics task an upstream accepted, keyed by request id likewise.
   */
  recordTask(argument: _modelgate_task_v1_RecordTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  recordTask(argument: _modelgate_task_v1_RecordTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  recordTask(argument: _modelgate_task_v1_RecordTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  recordTask(argument: _modelgate_task_v1_RecordTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_RecordTaskResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * RefreshDrawingTask asks the task's upstream for its state now (a Midjourney-Proxy callback
   * arrived): the callback's body is never believed, the upstream's answer is. NOT_FOUND for an
   * unknown id.
   */
  RefreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  RefreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  RefreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  RefreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  /**
   * RefreshDrawingTask asks the task's upstream for its state now (a Midjourney-Proxy callback
   * arrived): the callback's body is never believed, the upstream's answer is. NOT_FOUND for an
   * unknown id.
   */
  refreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  refreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  refreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  refreshDrawingTask(argument: _modelgate_task_v1_RefreshDrawingTaskRequest, callback: grpc.requestCallback<_modelgate_task_v1_RefreshDrawingTaskResponse__Output>): grpc.ClientUnaryCall;
  
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
   * FindDrawingTasks returns the drawing tasks with these upstream ids, in no set order; only the
   * user's own when `user_id` is set. Ids that match nothing are left out.
   */
  FindDrawingTasks: grpc.handleUnaryCall<_modelgate_task_v1_FindDrawingTasksRequest__Output, _modelgate_task_v1_FindDrawingTasksResponse>;
  
  /**
   * FindTasks returns the music and lyrics tasks with these upstream ids, as FindDrawingTasks.
   */
  FindTasks: grpc.handleUnaryCall<_modelgate_task_v1_FindTasksRequest__Output, _modelgate_task_v1_FindTasksResponse>;
  
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
  
  /**
   * RecordDrawingTask stores a drawing task an upstream accepted for the relay. The request id is
   * the key: a second call with one returns the row stored first, unchanged.
   */
  RecordDrawingTask: grpc.handleUnaryCall<_modelgate_task_v1_RecordDrawingTaskRequest__Output, _modelgate_task_v1_RecordDrawingTaskResponse>;
  
  /**
   * RecordTask stores a music or lyrics task an upstream accepted, keyed by request id likewise.
   */
  RecordTask: grpc.handleUnaryCall<_modelgate_task_v1_RecordTaskRequest__Output, _modelgate_task_v1_RecordTaskResponse>;
  
  /**
   * RefreshDrawingTask asks the task's upstream for its state now (a Midjourney-Proxy callback
   * arrived): the callback's body is never believed, the upstream's answer is. NOT_FOUND for an
   * unknown id.
   */
  RefreshDrawingTask: grpc.handleUnaryCall<_modelgate_task_v1_RefreshDrawingTaskRequest__Output, _modelgate_task_v1_RefreshDrawingTaskResponse>;
  
}

export interface TaskServiceDefinition extends grpc.ServiceDefinition {
  FindDrawingTasks: MethodDefinition<_modelgate_task_v1_FindDrawingTasksRequest, _modelgate_task_v1_FindDrawingTasksResponse, _modelgate_task_v1_FindDrawingTasksRequest__Output, _modelgate_task_v1_FindDrawingTasksResponse__Output>
  FindTasks: MethodDefinition<_modelgate_task_v1_FindTasksRequest, _modelgate_task_v1_FindTasksResponse, _modelgate_task_v1_FindTasksRequest__Output, _modelgate_task_v1_FindTasksResponse__Output>
  GetTask: MethodDefinition<_modelgate_task_v1_GetTaskRequest, _modelgate_task_v1_GetTaskResponse, _modelgate_task_v1_GetTaskRequest__Output, _modelgate_task_v1_GetTaskResponse__Output>
  ListDrawingTasks: MethodDefinition<_modelgate_task_v1_ListDrawingTasksRequest, _modelgate_task_v1_ListDrawingTasksResponse, _modelgate_task_v1_ListDrawingTasksRequest__Output, _modelgate_task_v1_ListDrawingTasksResponse__Output>
  ListTasks: MethodDefinition<_modelgate_task_v1_ListTasksRequest, _modelgate_task_v1_ListTasksResponse, _modelgate_task_v1_ListTasksRequest__Output, _modelgate_task_v1_ListTasksResponse__Output>
  RecordDrawingTask: MethodDefinition<_modelgate_task_v1_RecordDrawingTaskRequest, _modelgate_task_v1_RecordDrawingTaskResponse, _modelgate_task_v1_RecordDrawingTaskRequest__Output, _modelgate_task_v1_RecordDrawingTaskResponse__Output>
  RecordTask: MethodDefinition<_modelgate_task_v1_RecordTaskRequest, _modelgate_task_v1_RecordTaskResponse, _modelgate_task_v1_RecordTaskRequest__Output, _modelgate_task_v1_RecordTaskResponse__Output>
  RefreshDrawingTask: MethodDefinition<_modelgate_task_v1_RefreshDrawingTaskRequest, _modelgate_task_v1_RefreshDrawingTaskResponse, _modelgate_task_v1_RefreshDrawingTaskRequest__Output, _modelgate_task_v1_RefreshDrawingTaskResponse__Output>
}
