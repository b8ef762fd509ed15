/**
 * PostgreSQL advisory-lock keys (the two-int form `pg_advisory_xact_lock(namespace, key)`), in one
 * place so no two features ever share a key by accident. `0x4d47` spells "MG".
 */
export const ADVISORY_LOCK_NAMESPACE = 0x4d47;

export const AdvisoryLock = {
  /** Held while migrations run or revert, so concurrent starters apply each migration once. */
  Migrations: 1,
  /** Held while the defaults are seeded, so concurrent starters create one root user. */
  Seed: 2,
  /** Held while log partitions are created or dropped, so replicas of billing take turns. */
  LogPartitions: 3,
} as const;
export type AdvisoryLock = (typeof AdvisoryLock)[keyof typeof AdvisoryLock];
