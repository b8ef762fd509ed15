import { type ReactNode, useCallback, useState } from 'react';
import { usePublicStatus } from '../../app/status-api';
import { showInfo } from '../../common/notify';
import i18n from '../../i18n';
import { TurnstileWidget } from './TurnstileWidget';

export interface HumanCheck {
  /** The widget to place in the form (null when the site has no human check). */
  widget: ReactNode;
  /**
   * The token to send as `?turnstile=`: '' when the check is off; null (after telling the user
   * to wait) while the check has not finished. A token is used once: taking it starts a new check.
   */
  take(): string | null;
}

/** The site's human check as a form uses it (spec §5: "the human check must have finished"). */
export function useHumanCheck(): HumanCheck {
  const status = usePublicStatus();
  const enabled = status.turnstile_check;
  const [token, setToken] = useState('');
  const [round, setRound] = useState(0);

  const take = useCallback((): string | null => {
    if (!enabled) return '';
    if (!token) {
      showInfo(i18n.t('auth:humanCheck.pending'));
      return null;
    }
    setToken('');
    setRound((value) => value + 1);
    return token;
  }, [enabled, token]);

  const widget = enabled ? (
    <TurnstileWidget key={round} siteKey={status.turnstile_site_key} onToken={setToken} />
  ) : null;
  return { widget, take };
}
