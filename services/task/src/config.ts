import { defineConfig, env } from '@modelgate/runtime';

/** The task service's settings (the poller's pacing). */
export const taskConfig = defineConfig({
  taskPollIntervalSeconds: {
    env: 'TASK_POLL_INTERVAL_SECONDS',
    schema: env.positiveInt(15),
    description: 'seconds between two polls of an unfinished drawing or music task (and between two passes of the poller)',
  },
  taskTimeoutMinutes: {
    env: 'TASK_TIMEOUT_MINUTES',
    schema: env.positiveInt(60),
    description: 'an unfinished task older than this many minutes is marked failed and refunded',
  },
});
