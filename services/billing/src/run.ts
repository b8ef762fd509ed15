import { MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { startBillingService } from './billing-service';

void runBackendService({
  service: 'billing',
  defaultGrpcPort: 50052,
  version: MODELGATE_VERSION,
  config: {},
  start: startBillingService,
});
