import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../form/OptionSection';
import { outboundFields } from './system-fields';

/**
 * Outbound network access: the non-public addresses and CIDR ranges that calls made for an admin
 * or a user (channels, model lists, balances, webhooks, OIDC) may still reach. Empty refuses every
 * loopback, private, link-local and metadata address; identity checks the list when it is saved.
 */
export function SystemOutboundSection() {
  const { t } = useTranslation('setting');
  const fields = useMemo(() => outboundFields(t), [t]);
  return <OptionSection title={t('system.outbound.title')} description={t('system.outbound.description')} fields={fields} />;
}
