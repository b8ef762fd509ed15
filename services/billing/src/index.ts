export { startBillingService } from './billing-service';
export { BillingMetrics } from './observability/billing-metrics';
