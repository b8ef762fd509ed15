import { Alert, Button, Intent, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showInfo, showSuccess } from '../../common/notify';
import { BatchTagDialog } from './BatchTagDialog';
import {
  useDeleteChannelsMutation,
  useDeleteDisabledChannelsMutation,
  useFixChannelAbilitiesMutation,
  useTestAllChannelsMutation,
  useUpdateAllBalancesMutation,
} from './channels-api';

type Confirming = 'testAll' | 'balances' | 'deleteDisabled' | 'fix' | 'deleteSelected' | null;

export interface ChannelBulkActionsProps {
  selectedIds: number[];
  onSelectionDone(): void;
}

/**
 * The list's actions on many channels: on the selection (set a tag, delete) and on every channel
 * (test all, update all balances, delete disabled ones, fix abilities), each confirmed first.
 */
export function ChannelBulkActions({ selectedIds, onSelectionDone }: ChannelBulkActionsProps) {
  const { t } = useTranslation('channel');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [taggingOpen, setTaggingOpen] = useState(false);
  const [testAll] = useTestAllChannelsMutation();
  const [updateAll] = useUpdateAllBalancesMutation();
  const [deleteDisabled] = useDeleteDisabledChannelsMutation();
  const [fix] = useFixChannelAbilitiesMutation();
  const [deleteMany] = useDeleteChannelsMutation();
  const [busy, setBusy] = useState(false);

  const openBatchTag = () => {
    if (selectedIds.length === 0) showError(t('list.batchTag.noneSelected'));
    else setTaggingOpen(true);
  };
  const askDeleteSelected = () => {
    if (selectedIds.length === 0) showError(t('list.batchDelete.noneSelected'));
    else setConfirming('deleteSelected');
  };

  const run = async (action: Exclude<Confirming, null>) => {
    setBusy(true);
    try {
      if (action === 'testAll') {
        const result = await testAll();
        if (result.data) showInfo(t('list.messages.testAllStarted'));
      } else if (action === 'balances') {
        const result = await updateAll();
        if (result.data) showSuccess(t('list.messages.balancesUpdated'));
      } else if (action === 'deleteDisabled') {
        const result = await deleteDisabled();
        if (result.data !== undefined) showSuccess(t('list.messages.disabledDeleted', { count: result.data }));
      } else if (action === 'fix') {
        const result = await fix();
        if (result.data !== undefined) showSuccess(t('list.messages.fixed', { count: result.data }));
      } else {
        const result = await deleteMany(selectedIds);
        if (result.data !== undefined) {
          showSuccess(t('list.messages.deletedMany', { count: result.data }));
          onSelectionDone();
        }
      }
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const everyChannel = (
    <Menu>
      <MenuItem icon="play" text={t('list.bulk.testAll')} onClick={() => setConfirming('testAll')} />
      <MenuItem icon="dollar" text={t('list.bulk.balances')} onClick={() => setConfirming('balances')} />
      <MenuItem icon="wrench" text={t('list.bulk.fix')} onClick={() => setConfirming('fix')} />
      <MenuItem icon="trash" intent={Intent.DANGER} text={t('list.bulk.deleteDisabled')} onClick={() => setConfirming('deleteDisabled')} />
    </Menu>
  );

  return (
    <>
      <Button variant="outlined" icon="tag" text={t('list.batchTag.button')} onClick={openBatchTag} />
      <Button variant="outlined" icon="trash" intent={Intent.DANGER} text={t('list.batchDelete.button')} onClick={askDeleteSelected} />
      <PopoverNext content={everyChannel} placement="bottom-start">
        <Button variant="outlined" icon="layers" endIcon="caret-down" text={t('list.bulk.button')} />
      </PopoverNext>
      <BatchTagDialog
        ids={selectedIds}
        isOpen={taggingOpen}
        onClose={() => setTaggingOpen(false)}
        onDone={() => {
          setTaggingOpen(false);
          onSelectionDone();
        }}
      />
      <Alert
        isOpen={confirming !== null}
        intent={confirming === 'deleteDisabled' || confirming === 'deleteSelected' ? Intent.DANGER : Intent.PRIMARY}
        icon="warning-sign"
        loading={busy}
        confirmButtonText={t('list.actions.confirm')}
        cancelButtonText={t('list.actions.cancel')}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming && <p>{t(`list.confirm.${confirming}`, { count: selectedIds.length })}</p>}
        {(confirming === 'deleteDisabled' || confirming === 'deleteSelected') && <p>{t('list.confirm.irreversible')}</p>}
      </Alert>
    </>
  );
}
