import { MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { startTaskService } from './task-service';

void runBackendService({
  service: 'task',
  defaultGrpcPort: 50054,
  version: MODELGATE_VERSION,
  config: {},
  start: startTaskService,
});
