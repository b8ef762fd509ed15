import { MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { startIdentityService } from './identity-service';

void runBackendService({
  service: 'identity',
  defaultGrpcPort: 50051,
  version: MODELGATE_VERSION,
  config: {},
  start: startIdentityService,
});
