import { H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BindingsSection } from './BindingsSection';
import { InviteSection } from './InviteSection';
import { ModelsSection } from './ModelsSection';
import { NotificationSection } from './NotificationSection';
import { ProfileSection } from './ProfileSection';
import { SecuritySection } from './SecuritySection';
import '../wallet/wallet.css';
import './personal.css';

/** `/personal`: the user's profile, invitations, bindings, security and notifications (spec §2). */
export function PersonalPage() {
  const { t } = useTranslation('personal');
  return (
    <div className="mg-personal">
      <div className="mg-page-header">
        <H3>{t('title')}</H3>
      </div>
      <ProfileSection />
      <ModelsSection />
      <InviteSection />
      <BindingsSection />
      <SecuritySection />
      <NotificationSection />
    </div>
  );
}
