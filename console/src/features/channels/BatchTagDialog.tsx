import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../common/FormDialog';
import { showError, showSuccess } from '../../common/notify';
import { useTagChannelsMutation } from './channels-api';

export interface BatchTagDialogProps {
  ids: number[];
  isOpen: boolean;
  onClose(): void;
  onDone(): void;
}

/** Sets one tag on the selected channels (`POST /api/channel/batch/tag`). */
export function BatchTagDialog({ ids, isOpen, onClose, onDone }: BatchTagDialogProps) {
  const { t } = useTranslation('channel');
  const [tag, setTag] = useState('');
  const [tagChannels, call] = useTagChannelsMutation();
  useEffect(() => {
    if (isOpen) setTag('');
  }, [isOpen]);

  const submit = async () => {
    const trimmed = tag.trim();
    if (!trimmed) {
      showError(t('list.batchTag.empty'));
      return;
    }
    const result = await tagChannels({ ids, tag: trimmed });
    if (result.error) return;
    showSuccess(t('list.batchTag.done', { count: ids.length }));
    onDone();
  };

  return (
    <FormDialog
      title={t('list.batchTag.title')}
      icon="tag"
      isOpen={isOpen}
      onClose={onClose}
      submitText={t('list.batchTag.submit')}
      busy={call.isLoading}
      onSubmit={() => void submit()}
    >
      <FormGroup label={t('list.batchTag.label')} labelFor="mg-batch-tag" helperText={t('list.batchTag.selected', { count: ids.length })}>
        <InputGroup id="mg-batch-tag" autoFocus value={tag} onValueChange={setTag} />
      </FormGroup>
    </FormDialog>
  );
}
