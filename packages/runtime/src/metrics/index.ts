export * from './bound-series';
export * from './bounded-label';
export * from './metrics-config';
export * from './metrics-server';
export * from './registry';
export * from './dependency-metrics';
export * from './cluster-metrics';
