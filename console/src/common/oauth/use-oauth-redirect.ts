import { useCallback } from 'react';
import { usePublicStatus } from '../../app/status-api';
import i18n from '../../i18n';
import { showError } from '../notify';
import { externalNavigation } from './external-navigation';
import { useGetOAuthStateMutation } from './oauth-api';
import { authorizeUrl, type RedirectProvider } from './redirects';

/**
 * Leaving for a provider's authorization page (sign-in and binding alike): asks the server for a
 * fresh state, then sends the browser away. A failed state call is shown by the error handler; a
 * provider whose address the admin misconfigured gets an error toast.
 */
export function useOAuthRedirect() {
  const status = usePublicStatus();
  const [getState, { isLoading }] = useGetOAuthStateMutation();

  const redirect = useCallback(
    async (provider: RedirectProvider, options: { aff?: string } = {}) => {
      const result = await getState(options);
      if (result.data === undefined) return;
      let url: string;
      try {
        url = authorizeUrl(provider, status, result.data, window.location.origin);
      } catch {
        showError(i18n.t('common:oauth.misconfigured'));
        return;
      }
      externalNavigation.go(url);
    },
    [getState, status],
  );

  return { redirect, redirecting: isLoading };
}
