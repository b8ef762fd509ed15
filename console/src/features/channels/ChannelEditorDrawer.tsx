import { Classes, Drawer, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../shell/use-is-mobile';
import { ChannelEditorForm } from './ChannelEditorForm';

export interface ChannelEditorDrawerProps {
  /** The channel to edit; null creates new ones. */
  channelId: number | null;
  isOpen: boolean;
  onClose(): void;
  /** After a successful save (the drawer closes too). */
  onSaved(): void;
}

/** The channel editor in a drawer, opened from the channel list: from the left to create, the right to edit. */
export function ChannelEditorDrawer({ channelId, isOpen, onClose, onSaved }: ChannelEditorDrawerProps) {
  const { t } = useTranslation('channel');
  const isMobile = useIsMobile();
  const creating = channelId === null;
  return (
    <Drawer
      isOpen={isOpen}
      position={Position.RIGHT}
      size={isMobile ? '100%' : 640}
      icon={creating ? 'add' : 'edit'}
      title={creating ? t('editor.title.create') : t('editor.title.edit')}
      canOutsideClickClose={false}
      onClose={onClose}
    >
      {isOpen && (
        <ChannelEditorForm
          key={channelId ?? 'new'}
          channelId={channelId}
          bodyClassName={Classes.DRAWER_BODY}
          footerClassName={Classes.DRAWER_FOOTER}
          onSaved={() => {
            onSaved();
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
