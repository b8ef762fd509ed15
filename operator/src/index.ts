/** `@modelgate/operator`: reconciles `channels.modelgate.dev` resources into Modelgate's channels. */
export { ChannelOperator, DEFAULT_OPERATOR_SETTINGS, type OperatorDeps, type OperatorSettings, type LeaderElectionSettings } from './operator';
export { OperatorMetrics } from './observability/operator-metrics';
export { loadChannelCrd, defaultCrdChartDir } from './resource/chart-files';
export { mapChannel, acceptSpec, keyFingerprint, ChannelSpecError } from './mapping/channel-mapping';
export * from './resource/channel-resource';
