import { Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn, bigintToNumber } from '../columns';

const bigintKey = (constraint: string) =>
  PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: constraint, transformer: bigintToNumber });

/**
 * Consumption (type 2) log rows summed per hour, model and group over every user
 * (`log_hourly_model_totals`): the gateway-wide log statistics read these instead of raw rows.
 * Kept equal to `logs` by statement triggers on it (ADR 0031); never written by the services.
 */
@Entity({ name: 'log_hourly_model_totals' })
export class LogHourlyModelTotalEntity {
  /** Unix seconds, truncated to the hour. */
  @bigintKey('pk_log_hourly_model_totals')
  hour!: number;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_log_hourly_model_totals' })
  model_name!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_log_hourly_model_totals' })
  group!: string;

  @BigIntColumn({ default: 0 })
  quota!: number;

  /** Rows summed. */
  @BigIntColumn({ default: 0 })
  count!: number;
}

/**
 * The same per channel too (`log_hourly_totals`): the statistics of one channel. Kept equal to
 * `logs` by triggers, like {@link LogHourlyModelTotalEntity}.
 */
@Entity({ name: 'log_hourly_totals' })
@Index('idx_log_hourly_totals_channel_id_hour', ['channel_id', 'hour'])
export class LogHourlyTotalEntity {
  /** Unix seconds, truncated to the hour. */
  @bigintKey('pk_log_hourly_totals')
  hour!: number;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_log_hourly_totals' })
  model_name!: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_log_hourly_totals' })
  channel_id!: number;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_log_hourly_totals' })
  group!: string;

  @BigIntColumn({ default: 0 })
  quota!: number;

  /** Rows summed. */
  @BigIntColumn({ default: 0 })
  count!: number;
}

/**
 * Consumption log rows summed per hour and per user, username, token name, model and group
 * (`log_hourly_user_totals`; not per channel, which users never filter by and which would
 * multiply its rows): one user's statistics, and any filtered by username or token name. Kept
 * equal to `logs` by triggers, like {@link LogHourlyTotalEntity}. Its primary key also carries
 * `quota` (`INCLUDE`, in the migration's SQL), so a user's sum is read from the index alone: where
 * users make few requests an hour this table is large and a user's rows lie on many pages.
 */
@Entity({ name: 'log_hourly_user_totals' })
@Index('idx_log_hourly_user_totals_username_hour', ['username', 'hour'])
@Index('idx_log_hourly_user_totals_token_name_hour', ['token_name', 'hour'])
@Index('idx_log_hourly_user_totals_hour', ['hour'])
export class LogHourlyUserTotalEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_log_hourly_user_totals' })
  user_id!: number;

  /** Unix seconds, truncated to the hour. */
  @bigintKey('pk_log_hourly_user_totals')
  hour!: number;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_log_hourly_user_totals' })
  username!: string;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_log_hourly_user_totals' })
  token_name!: string;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_log_hourly_user_totals' })
  model_name!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_log_hourly_user_totals' })
  group!: string;

  @BigIntColumn({ default: 0 })
  quota!: number;

  @BigIntColumn({ default: 0 })
  count!: number;
}

/**
 * `quota_data` summed over users per hour and model (`quota_data_totals`): the admin dashboard
 * of every user reads these. Kept equal to `quota_data` by triggers on it (ADR 0031).
 */
@Entity({ name: 'quota_data_totals' })
export class QuotaDataTotalEntity {
  /** Unix seconds, truncated to the hour. */
  @bigintKey('pk_quota_data_totals')
  created_at!: number;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_quota_data_totals' })
  model_name!: string;

  @BigIntColumn({ default: 0 })
  token_used!: number;

  @BigIntColumn({ default: 0 })
  count!: number;

  @BigIntColumn({ default: 0 })
  quota!: number;
}
