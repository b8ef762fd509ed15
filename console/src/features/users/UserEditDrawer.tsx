import { Classes, Drawer, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../shell/use-is-mobile';
import { UserEditForm } from './UserEditForm';

/** The edit-user drawer of `/user`, 600 px from the right (full width on mobile). */
export function UserEditDrawer({ userId, onClose }: { userId: number; onClose(): void }) {
  const { t } = useTranslation('user');
  const isMobile = useIsMobile();
  return (
    <Drawer isOpen position={Position.RIGHT} size={isMobile ? '100%' : 600} icon="edit" title={t('form.editTitle')} onClose={onClose}>
      <UserEditForm
        userId={userId}
        bodyClassName={`${Classes.DRAWER_BODY} mg-user-drawer-body`}
        footerClassName={`${Classes.DRAWER_FOOTER} mg-user-drawer-footer`}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Drawer>
  );
}
