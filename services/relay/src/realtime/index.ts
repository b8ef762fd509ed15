// OpenAI's Realtime API over WebSocket: authentication and admission before the upgrade, the
// upstream websocket (OpenAI, Azure), frame-by-frame relaying, and per-response billing.
export { createRealtimeEndpoint, REALTIME_PATH, type RealtimeDeps, type RealtimeEndpoint } from './realtime-endpoint';
export { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime-limits';
