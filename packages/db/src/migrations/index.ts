import { InitialSchema1795300517362 } from './1795300517362-initial-schema';
import { RateLimitCounters1795400000000 } from './1795400000000-rate-limit-counters';
import { QuotaReservations1795500000000 } from './1795500000000-quota-reservations';
import { TopUpPaymentDetails1795600000000 } from './1795600000000-top-up-payment-details';
import { QuotaNotices1795700000000 } from './1795700000000-quota-notices';
import { ChannelExternalRef1795800000000 } from './1795800000000-channel-external-ref';
import { LoginFailures1795950000000 } from './1795950000000-login-failures';
import { ResponseAffinities1796000000000 } from './1796000000000-response-affinities';
import { TaskPolling1796100000000 } from './1796100000000-task-polling';
import { LogPartitions1796131000000 } from './1796131000000-log-partitions';
import { TrafficLimits1796190000000 } from './1796190000000-traffic-limits';
import { LogQueryIndexes1796200000000 } from './1796200000000-log-query-indexes';
import { LogCoveringIndexes1796210000000 } from './1796210000000-log-covering-indexes';

/** Table where TypeORM records which migrations ran. */
export const MIGRATIONS_TABLE = 'typeorm_migrations';

/** Every migration, oldest first. A new one is appended here and never edited once released. */
export const MIGRATIONS = [InitialSchema1795300517362, RateLimitCounters1795400000000, QuotaReservations1795500000000, TopUpPaymentDetails1795600000000, QuotaNotices1795700000000, ChannelExternalRef1795800000000, LoginFailures1795950000000, ResponseAffinities1796000000000, TaskPolling1796100000000, LogPartitions1796131000000, TrafficLimits1796190000000, LogQueryIndexes1796200000000, LogCoveringIndexes1796210000000];
