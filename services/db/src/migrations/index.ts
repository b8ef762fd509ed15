import { InitialSchema1795300517362 } from './1795300517362-initial-schema';
import { RateLimitCounters1795400000000 } from './1795400000000-rate-limit-counters';
import { QuotaReservations1795500000000 } from './1795500000000-quota-reservations';

/** Table where TypeORM records which migrations ran. */
export const MIGRATIONS_TABLE = 'typeorm_migrations';

/** Every migration, oldest first. A new one is appended here and never edited once released. */
export const MIGRATIONS = [InitialSchema1795300517362, RateLimitCounters1795400000000, QuotaReservations1795500000000];
