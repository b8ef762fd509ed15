export { type ChannelAdminDeps, createChannelAdminHandlers } from './channel-admin-handlers';
export { fetchUpstreamModels, modelIdsOf, modelsUrlOf } from './fetch-upstream-models';
