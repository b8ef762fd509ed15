import { Button, ButtonGroup, Intent, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { DeleteButton } from '../../common/DeleteButton';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-error';
import { showError, showInfo, showSuccess } from '../../common/notify';
import { ChannelStatus, managedResource, splitNames } from './channel-list-model';
import {
  type Channel,
  useDeleteChannelMutation,
  useTestChannelMutation,
  useUpdateChannelFieldMutation,
} from './channels-api';

export interface ChannelRowActionsProps {
  channel: Channel;
  onEdit(id: number): void;
}

/**
 * A channel row's actions: test (with the channel's own choice, or a model from its list),
 * enable/disable, edit and delete. Kubernetes-managed channels keep only test and enable/disable.
 */
export function ChannelRowActions({ channel, onEdit }: ChannelRowActionsProps) {
  const { t } = useTranslation('channel');
  const [testChannel, testCall] = useTestChannelMutation();
  const [updateChannel, updateCall] = useUpdateChannelFieldMutation();
  const [deleteChannel] = useDeleteChannelMutation();
  const managed = managedResource(channel) !== null;
  const enabled = channel.status === ChannelStatus.enabled;
  const models = splitNames(channel.models);

  const runTest = async (model: string) => {
    const result = await testChannel({ id: channel.id, model });
    if (result.data) {
      showInfo(t('list.messages.tested', { name: channel.name, seconds: result.data.time.toFixed(2) }));
    } else if (result.error && !(isApiError(result.error) && result.error.status === 401)) {
      // The list reports a failed test itself: which channel, and the provider's reason.
      const reason = isApiError(result.error) ? result.error.message : '';
      showError(t('list.messages.testFailed', { name: channel.name, reason: reason || t('list.lastTest.noReason') }));
    }
  };
  const toggleStatus = async () => {
    const status = enabled ? ChannelStatus.disabled : ChannelStatus.enabled;
    const result = await updateChannel({ id: channel.id, status });
    if (!result.error) showSuccess(t('list.messages.done'));
  };
  const remove = async () => {
    const result = await deleteChannel(channel.id);
    if (!result.error) showSuccess(t('list.messages.deleted'));
  };

  const modelMenu = (
    <Menu className="mg-channel-model-menu" aria-label={t('list.actions.testModels')}>
      {models.length === 0 ? (
        <MenuItem disabled text={t('list.actions.noModels')} />
      ) : (
        models.map((model) => <MenuItem key={model} text={model} onClick={() => void runTest(model)} />)
      )}
    </Menu>
  );

  return (
    <div className="mg-channel-actions">
      <ButtonGroup size="small">
        <Button
          size="small"
          variant="outlined"
          text={t('list.actions.test')}
          loading={testCall.isLoading}
          onClick={() => void runTest('')}
        />
        <PopoverNext content={modelMenu} placement="bottom-end">
          <Button size="small" variant="outlined" icon="caret-down" aria-label={t('list.actions.testModels')} />
        </PopoverNext>
      </ButtonGroup>
      <Button
        size="small"
        variant="minimal"
        intent={enabled ? Intent.WARNING : Intent.SUCCESS}
        text={enabled ? t('list.actions.disable') : t('list.actions.enable')}
        loading={updateCall.isLoading}
        onClick={() => void toggleStatus()}
      />
      {!managed && (
        <>
          <Button size="small" variant="minimal" icon="edit" text={t('list.actions.edit')} onClick={() => onEdit(channel.id)} />
          <DeleteButton text={t('list.actions.delete')} cancelText={t('list.actions.cancel')} onConfirm={remove}>
            <p>{t('list.confirm.deleteOne', { name: channel.name })}</p>
            <p>{t('list.confirm.irreversible')}</p>
          </DeleteButton>
        </>
      )}
    </div>
  );
}
