export { startBillingService } from './billing-service';
