import i18n from '../i18n';
import { showError, showInfo } from '../common/notify';
import type { ApiError } from './api-error';

/**
 * The global handling of a failed call (spec §8): what to tell the user, and whether the session
 * is over. A 401 is never a toast: the user is sent to `/login?expired=true`, which says why.
 */
export type FailureOutcome = { kind: 'expired' } | { kind: 'error' | 'info'; message: string };

export function failureOutcome(error: ApiError): FailureOutcome {
  switch (error.status) {
    case 401:
      return { kind: 'expired' };
    case 429:
      return { kind: 'error', message: i18n.t('errors:http.tooManyRequests') };
    case 500:
      return { kind: 'error', message: i18n.t('errors:http.internal') };
    case 405:
      return { kind: 'info', message: i18n.t('errors:http.demoOnly') };
    case 'rejected':
      return { kind: 'error', message: error.message || i18n.t('errors:http.unknown') };
    default:
      return { kind: 'error', message: i18n.t('errors:http.withMessage', { message: error.message }) };
  }
}

/** Shows a failure's message with the one toaster; answers the outcome (for the 401 redirect). */
export function reportFailure(error: ApiError): FailureOutcome {
  const outcome = failureOutcome(error);
  if (outcome.kind === 'error') showError(outcome.message);
  if (outcome.kind === 'info') showInfo(outcome.message);
  return outcome;
}
