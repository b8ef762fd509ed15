export { type RelayServiceDeps, type RunningRelay, startRelayService } from './relay-service';
export { isRelayPath, RELAY_PATH_PREFIXES } from './http/relay-paths';
export { isGeminiPath, servedRelayRoutes } from './http/relay-routes';
export { relayAnswerToMalformedHttp } from './http/malformed-http-answer';
export { DEFAULT_DATA_PLANE_SETTINGS, type RelayDataPlaneSettings, relayDataPlaneConfig } from './config';
export { type BreakerState, type RateLimitScope, RelayMetrics } from './observability/relay-metrics';
export { relayWorkerCount, workersArgument } from './workers';
