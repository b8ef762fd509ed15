export { createEdgeApp, type EdgeAppDeps } from './app';
export { envelopeForMalformedHttp } from './http/envelope';
export { type EdgeDeps, type RunningEdge, startEdge } from './start-edge';
export { edgeHttpConfig } from './config';
export { rateLimitSettings, type RateLimitSettings } from './security/rate-limit-config';
export { SessionStore } from './auth/session-store';
