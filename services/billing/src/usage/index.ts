/** Reservation at admission, its release, and exactly-once settlement of usage records. */
export { ReservationStore, type ReleaseResult, type ReserveInput, type ReserveResult } from './reservation-store';
export { settleUsage, type SettlementResult } from './settlement';
export { BATCH_SETTLEMENT_DURABLE, startSettlementConsumer } from './settlement-consumer';
export { refundUsage, REFUND_DURABLE, RequestNotSettledError, startRefundConsumer } from './refund';
