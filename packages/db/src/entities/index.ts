/**
 * Every table of the product as a TypeORM entity.
 *
 * Property names are the snake_case column names of the reference schema, which are also the
 * field names of the `/api` JSON contract: a row maps to its JSON shape 1:1, with no mapper to keep
 * in sync. Every column states its type explicitly because tsx/esbuild and swc builds may emit no
 * decorator metadata. `group` is a reserved word: TypeORM quotes it, hand-written SQL must too.
 */
import { AbilityEntity } from './config/ability.entity';
import { ChannelEntity } from './config/channel.entity';
import { OptionEntity } from './config/option.entity';
import { LogEntity } from './billing/log.entity';
import {
  LogHourlyModelTotalEntity,
  LogHourlyTotalEntity,
  LogHourlyUserTotalEntity,
  QuotaDataTotalEntity,
} from './billing/log-rollup.entity';
import { QuotaDataEntity } from './billing/quota-data.entity';
import { QuotaNoticeEntity } from './billing/quota-notice.entity';
import { QuotaReservationEntity } from './billing/quota-reservation.entity';
import { RedemptionEntity } from './billing/redemption.entity';
import { RateLimitCounterEntity } from './edge/rate-limit-counter.entity';
import { TopUpEntity } from './billing/top-up.entity';
import { ResponseAffinityEntity } from './relay/response-affinity.entity';
import { RelayLimitWindowEntity } from './relay/relay-limit-window.entity';
import { LoginFailureEntity } from './identity/login-failure.entity';
import { SessionEntity } from './identity/session.entity';
import { SetupEntity } from './identity/setup.entity';
import { TokenEntity } from './identity/token.entity';
import { UserEntity } from './identity/user.entity';
import { VerificationCodeEntity } from './identity/verification-code.entity';
import { MidjourneyEntity } from './task/midjourney.entity';
import { TaskEntity } from './task/task.entity';

export {
  AbilityEntity,
  ChannelEntity,
  LogEntity,
  LogHourlyModelTotalEntity,
  LogHourlyTotalEntity,
  LogHourlyUserTotalEntity,
  LoginFailureEntity,
  MidjourneyEntity,
  OptionEntity,
  QuotaDataEntity,
  QuotaDataTotalEntity,
  QuotaNoticeEntity,
  QuotaReservationEntity,
  RateLimitCounterEntity,
  RedemptionEntity,
  RelayLimitWindowEntity,
  ResponseAffinityEntity,
  SessionEntity,
  SetupEntity,
  TaskEntity,
  TokenEntity,
  TopUpEntity,
  UserEntity,
  VerificationCodeEntity,
};
export { BigIntColumn, bigintToNumber } from './columns';
export type { QuotaReservationStatus } from './billing/quota-reservation.entity';

/** Every entity, for a data source's `entities` option. */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  VerificationCodeEntity,
  TokenEntity,
  SetupEntity,
  OptionEntity,
  ChannelEntity,
  AbilityEntity,
  LogEntity,
  RedemptionEntity,
  TopUpEntity,
  QuotaDataEntity,
  MidjourneyEntity,
  TaskEntity,
  RateLimitCounterEntity,
  QuotaReservationEntity,
  QuotaNoticeEntity,
  LoginFailureEntity,
  ResponseAffinityEntity,
  LogHourlyModelTotalEntity,
  LogHourlyTotalEntity,
  LogHourlyUserTotalEntity,
  QuotaDataTotalEntity,
  RelayLimitWindowEntity,
];
