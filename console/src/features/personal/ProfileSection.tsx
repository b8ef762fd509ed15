import { Intent, Section, SectionCard, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isRoot } from '../../app/session-slice';
import { useGetSelfQuery } from '../account/self-api';
import { BalanceCard } from '../wallet/BalanceCard';

/** Who the user is (name, role, group) above the balance. */
export function ProfileSection() {
  const { t } = useTranslation('personal');
  const { data: self } = useGetSelfQuery();
  return (
    <Section
      title={self ? self.display_name || self.username : t('profile.title')}
      icon="user"
      rightElement={
        self ? (
          <div className="mg-profile-tags">
            <Tag intent={isRoot(self) ? Intent.DANGER : Intent.PRIMARY} minimal>
              {t(isRoot(self) ? 'profile.roles.root' : 'profile.roles.user')}
            </Tag>
            <Tag minimal>{self.group || t('profile.defaultGroup')}</Tag>
          </div>
        ) : undefined
      }
    >
      <SectionCard padded={false}>
        <BalanceCard />
      </SectionCard>
    </Section>
  );
}
