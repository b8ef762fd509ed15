/**
 * Quota admission of the data plane: the reference's pre-checks against cached balances, then a
 * reservation that billing checks atomically — taken from a quota lease in memory in steady state,
 * so a request costs no call to billing.
 */
export { billingUnavailable } from './billing-reservations';
export {
  type Admission,
  type AdmissionRequest,
  createQuotaAdmitter,
  type QuotaAdmitter,
  type QuotaAdmitterDeps,
} from './quota-admitter';
export { DEFAULT_LEASE_OPTIONS, type LeaseOptions } from './quota-lease';
