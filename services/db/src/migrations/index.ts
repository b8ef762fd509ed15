import { InitialSchema1795300517362 } from './1795300517362-initial-schema';
import { RateLimitCounters1795400000000 } from './1795400000000-rate-limit-counters';

/** Table where TypeORM records which migrations ran. */
export const MIGRATIONS_TABLE = 'typeorm_migrations';

/** Every migration, oldest first. A new one is appended here and never edited once released. */
export const MIGRATIONS = [InitialSchema1795300517362, RateLimitCounters1795400000000];
