import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/hooks';
import { showSuccess } from '../../common/notify';
import { isRedirectProvider } from '../../common/oauth/redirects';
import { useFinishOAuthMutation } from './auth-api';
import { useFinishSignIn } from './use-finish-sign-in';
import './auth.css';

/** How long the failure text stays before the browser moves on. */
export const FAILURE_REDIRECT_MS = 1_500;
/** The callback's query parameters the server reads (a refusing provider sends `error`). */
const FORWARDED_PARAMS = ['code', 'state', 'error', 'error_description'];

/**
 * `/oauth/github|oidc|linuxdo`: the provider sends the browser back here with a one-time code,
 * which the server exchanges to sign the user in or, for a signed-in user, bind the account.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation('auth');
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedInBefore = useCurrentUser() !== null;
  const [finishOAuth] = useFinishOAuthMutation();
  const finishSignIn = useFinishSignIn();
  const [failed, setFailed] = useState(false);
  // The code can be redeemed once: StrictMode's second run of the effect must not send it again.
  const sent = useRef(false);
  const known = isRedirectProvider(provider);

  useEffect(() => {
    if (!isRedirectProvider(provider) || sent.current) return;
    sent.current = true;
    const forwarded: Record<string, string> = {};
    for (const name of FORWARDED_PARAMS) {
      const value = params.get(name);
      if (value !== null) forwarded[name] = value;
    }
    void finishOAuth({ provider, params: forwarded }).then((result) => {
      if (result.data?.bound) {
        showSuccess(t('oauth.bound'));
        // The spec sends a binding to /setting, but that page is for the super admin only;
        // a user's own bindings are listed on /personal, where the binding started.
        navigate('/personal', { replace: true });
      } else if (result.data) {
        finishSignIn(result.data.user, '/token');
      } else {
        // The error middleware has shown the server's message. The spec (and reference) then
        // go to /setting; a signed-out user cannot open it, so they go to /login, and a user
        // who was binding goes back to their bindings on /personal.
        setFailed(true);
        window.setTimeout(() => navigate(signedInBefore ? '/personal' : '/login', { replace: true }), FAILURE_REDIRECT_MS);
      }
    });
  }, [provider, params, finishOAuth, finishSignIn, navigate, signedInBefore, t]);

  if (!known) {
    return (
      <NonIdealState
        className="mg-oauth-callback"
        icon="disable"
        title={t('oauth.unknownProvider')}
        description={t('oauth.unknownProviderHelp', { provider: provider ?? '' })}
      />
    );
  }

  const failureText = signedInBefore ? t('oauth.failedBackToPersonal') : t('oauth.failedBackToLogin');
  return (
    <NonIdealState
      className="mg-oauth-callback"
      icon={failed ? 'error' : <Spinner />}
      title={failed ? failureText : t('oauth.processing')}
    />
  );
}
