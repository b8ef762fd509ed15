export { startBillingService } from './billing-service';
export { billingConfig, DEFAULT_BILLING_SETTINGS } from './config';
// The log and dashboard queries, for the log-query benchmark (loadtests), which times them
// over a seeded table without the HTTP and gRPC hops in front of them.
export { logCriteriaOf } from './logs/log-filter';
export { listLogs } from './logs/log-query';
export { logStats } from './logs/log-stats';
export { listLogPartitions } from './logs/log-partitions';
export { listQuotaData, quotaDataQueryOf } from './dashboard/quota-data-query';
export { BillingMetrics } from './observability/billing-metrics';
