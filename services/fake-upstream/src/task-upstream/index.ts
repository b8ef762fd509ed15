export { startFakeTaskUpstream, type FakeTaskUpstream, type FakeTaskUpstreamOptions } from './task-upstream-server';
export { FAKE_PNG, MJ_SUBMIT_PATHS, type MjSubmitOutcome } from './midjourney-proxy';
export type { SunoSubmitOutcome } from './suno';
export type { FakeTask, TaskScript } from './task-book';
