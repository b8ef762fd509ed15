export { type RunningRelay, startRelayService } from './relay-service';
export { isRelayPath, RELAY_PATH_PREFIXES } from './http/relay-paths';
