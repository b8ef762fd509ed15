import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { showError } from '../common/notify';
import i18n from '../i18n';
import { isApiError } from './api-error';
import { reportFailure } from './api-error-messages';
import { navigate } from './navigation';
import { signedOut } from './session-slice';

/** Endpoints whose failures their screen reports itself (the middleware stays quiet). */
const quietEndpoints = new Set<string>();

export function reportFailuresInScreen(...endpointNames: string[]): void {
  for (const name of endpointNames) quietEndpoints.add(name);
}

/**
 * Every failed call passes here once (spec §7 "every response passes a common error handler"):
 * a 401 signs the console out and opens `/login?expired=true`; anything else is a toast.
 */
export const apiErrorMiddleware: Middleware = (store) => (next) => (action) => {
  if (isRejectedWithValue(action) && isApiError(action.payload)) {
    const endpointName = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName ?? '';
    if (action.payload.status === 401) {
      store.dispatch(signedOut());
      if (!window.location.pathname.startsWith('/login')) navigate('/login?expired=true');
    } else if (endpointName === 'getStatus') {
      showError(
        action.payload.status === 'network'
          ? i18n.t('errors:status.unreachable')
          : i18n.t('errors:status.loadFailed'),
      );
    } else if (!quietEndpoints.has(endpointName)) {
      reportFailure(action.payload);
    }
  }
  return next(action);
};
