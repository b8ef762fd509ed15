import type { OptionKeyOf } from '@modelgate/db';
import type { TaskServiceDefinition } from '@modelgate/contracts';
import type { GrpcClient } from '@modelgate/runtime';
import type { RelayDeps } from '../pipeline/relay-deps';

/** What the task endpoints need: the data plane's dependencies and the task service. */
export interface TaskEndpointDeps extends RelayDeps {
  /** The task service, which owns the task tables (records, lookups, callbacks). */
  readonly tasks: GrpcClient<TaskServiceDefinition>;
}

/** The Midjourney option switches (spec §3 "Drawing"), read from the options in memory. */
export interface DrawingSwitches {
  readonly drawingEnabled: boolean;
  readonly notify: boolean;
  readonly accountFilter: boolean;
  readonly forwardUrl: boolean;
  readonly modeClear: boolean;
  readonly actionCheckSuccess: boolean;
  /** `ServerAddress`, without a trailing slash: the base of forwarded image URLs. */
  readonly serverAddress: string;
}

const flag = (deps: RelayDeps, key: OptionKeyOf<boolean>) => deps.options.value(key);

export function drawingSwitches(deps: RelayDeps): DrawingSwitches {
  return {
    drawingEnabled: flag(deps, 'DrawingEnabled'),
    notify: flag(deps, 'MjNotifyEnabled'),
    accountFilter: flag(deps, 'MjAccountFilterEnabled'),
    forwardUrl: flag(deps, 'MjForwardUrlEnabled'),
    modeClear: flag(deps, 'MjModeClearEnabled'),
    actionCheckSuccess: flag(deps, 'MjActionCheckSuccessEnabled'),
    serverAddress: deps.options.value('ServerAddress'),
  };
}

/** `TaskEnabled`: music and lyrics tasks are offered. */
export function musicTasksEnabled(deps: RelayDeps): boolean {
  return flag(deps, 'TaskEnabled');
}
