import { defineConfig, env } from '@modelgate/runtime';
import { z } from 'zod';

/** Environment of the `migrate` command. */
export const migrateCliConfig = defineConfig({
  databaseUrl: {
    env: 'DATABASE_URL',
    schema: env.url(['postgres', 'postgresql']).optional(),
    description: 'PostgreSQL to migrate; when unset, the embedded database in MODELGATE_DATA_DIR',
  },
  dataDir: {
    env: 'MODELGATE_DATA_DIR',
    schema: z.string().min(1).default('./data'),
    description: 'directory of the embedded database (used when DATABASE_URL is unset)',
  },
  logLevel: { env: 'LOG_LEVEL', schema: env.logLevel(), description: 'pino log level (stderr)' },
});
