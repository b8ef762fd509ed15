/** The product version reported by `/api/status` and the gRPC status calls. */
export const MODELGATE_VERSION = 'v0.1.0';
