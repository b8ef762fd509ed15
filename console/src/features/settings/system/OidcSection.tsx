import { Button, Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../common/notify';
import { OptionSectionView } from '../form/OptionSection';
import { SystemCallbackUrl } from './SystemCallbackUrl';
import { OIDC_ENDPOINT_KEYS, oidcFields } from './system-fields';
import { discoverOidc } from './system-remote';
import { useOptionSection } from '../form/use-option-section';

/**
 * OIDC provider settings. The discovery button reads the well-known document and fills the three
 * endpoints into the form; they are written with the section's Save like any other edit.
 */
export function OidcSection() {
  const { t } = useTranslation('setting');
  const fields = useMemo(() => oidcFields(t), [t]);
  const section = useOptionSection(fields);
  const [discovering, setDiscovering] = useState(false);
  const wellKnown = (section.values['oidc.well_known'] ?? '').trim();

  const discover = async () => {
    setDiscovering(true);
    try {
      const endpoints = await discoverOidc(wellKnown);
      section.setValue(OIDC_ENDPOINT_KEYS.authorization, endpoints.authorization);
      section.setValue(OIDC_ENDPOINT_KEYS.token, endpoints.token);
      section.setValue(OIDC_ENDPOINT_KEYS.userInfo, endpoints.userInfo);
      showSuccess(t('system.oidc.discovered'));
    } catch {
      showError(t('system.oidc.discoverFailed'));
    } finally {
      setDiscovering(false);
    }
  };

  return (
    <OptionSectionView title={t('system.oidc.title')} description={t('system.oidc.description')} fields={fields} section={section}>
      <div className="mg-toolbar mg-system-discover">
        <Button
          icon="search-around"
          intent={Intent.PRIMARY}
          variant="outlined"
          loading={discovering}
          disabled={wellKnown === ''}
          text={t('system.oidc.discover')}
          onClick={() => void discover()}
        />
      </div>
      <SystemCallbackUrl path="/oauth/oidc" />
    </OptionSectionView>
  );
}
