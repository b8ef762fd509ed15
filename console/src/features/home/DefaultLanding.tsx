import { Button, Card, Classes, H1, H4, InputGroup, Intent } from '@blueprintjs/core';
import { servedChannelTypeNames, servedProtocols } from '@modelgate/channel-types';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/hooks';
import { isRoot } from '../../app/session-slice';
import { usePublicStatus } from '../../app/status-api';
import { copyWithFeedback } from '../../common/copy-feedback';

/** The API base URL clients call: the configured server address (else this site) + `/v1`. */
export function apiBaseUrl(serverAddress: string): string {
  const base = (serverAddress || window.location.origin).replace(/\/+$/, '');
  return `${base}/v1`;
}

/** The client protocols claimed: only those the channel catalogue says are served. */
const FEATURES = servedProtocols();
/** The upstream providers claimed, from the same catalogue. */
const PROVIDERS = servedChannelTypeNames();

/** The home page when the admin has set no content: what the gateway is and where to start. */
export function DefaultLanding() {
  const { t } = useTranslation('home');
  const status = usePublicStatus();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const baseUrl = apiBaseUrl(status.server_address);
  return (
    <div className="mg-landing">
      <section className="mg-landing-hero">
        <H1>{status.system_name}</H1>
        <p className={`${Classes.TEXT_LARGE} ${Classes.TEXT_MUTED}`}>{t('landing.tagline')}</p>
        <div className="mg-landing-url">
          <InputGroup readOnly value={baseUrl} aria-label={t('landing.baseUrl')} leftIcon="globe-network" large />
          <Button icon="duplicate" large onClick={() => void copyWithFeedback(baseUrl)}>
            {t('landing.copy')}
          </Button>
        </div>
        {isRoot(user) && (
          <p className={Classes.TEXT_MUTED}>
            {t('landing.addressSetIn')}{' '}
            <Button variant="minimal" small intent={Intent.PRIMARY} onClick={() => void navigate('/setting?tab=system')}>
              {t('landing.addressSettings')}
            </Button>
          </p>
        )}
        <div className="mg-landing-actions">
          {user ? (
            <Button intent={Intent.PRIMARY} large icon="key" onClick={() => void navigate('/token')}>
              {t('landing.console')}
            </Button>
          ) : (
            <Button intent={Intent.PRIMARY} large icon="log-in" onClick={() => void navigate('/login')}>
              {t('landing.login')}
            </Button>
          )}
          <Button large variant="outlined" icon="dollar" onClick={() => void navigate('/pricing')}>
            {t('landing.pricing')}
          </Button>
        </div>
      </section>
      <div className="mg-landing-cards">
        {FEATURES.map((feature) => (
          <Card key={feature} className="mg-landing-card">
            <H4>{t(`features.${feature}.title`)}</H4>
            <p className={Classes.TEXT_MUTED}>{t(`features.${feature}.body`)}</p>
          </Card>
        ))}
      </div>
      <p className={`mg-landing-providers ${Classes.TEXT_MUTED}`}>{t('landing.providers', { names: PROVIDERS.join(', ') })}</p>
    </div>
  );
}
