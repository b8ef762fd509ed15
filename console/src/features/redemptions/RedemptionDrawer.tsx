import { Button, Classes, Drawer, Intent, Position, Spinner } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { PresetButtons } from '../../common/PresetButtons';
import { renderQuota } from '../../common/quota';
import { useIsMobile } from '../../shell/use-is-mobile';
import {
  defaultName,
  newRedemptionValues,
  parseWhole,
  QUOTA_PRESETS,
  type RedemptionFormValues,
  redemptionValues,
  validateRedemption,
} from './redemption-rules';
import {
  type Redemption,
  useCreateRedemptionsMutation,
  useGetRedemptionQuery,
  useUpdateRedemptionMutation,
} from './redemptions-api';

export interface RedemptionDrawerProps {
  /** The code to edit; absent creates a batch. */
  codeId?: number;
  onClose(): void;
  /** After a batch is created: its keys, to show and copy. */
  onCreated(keys: string[]): void;
}

/** The redemption-code editor: creates a batch, or edits an unused code's name and quota. */
export function RedemptionDrawer({ codeId, onClose, onCreated }: RedemptionDrawerProps) {
  const { t } = useTranslation('redemption');
  const isMobile = useIsMobile();
  const creating = codeId === undefined;
  const loaded = useGetRedemptionQuery(codeId ?? 0, { skip: creating, refetchOnMountOrArgChange: true });
  return (
    <Drawer
      isOpen
      position={Position.RIGHT}
      size={isMobile ? '100%' : 520}
      icon={creating ? 'add' : 'edit'}
      title={creating ? t('form.createTitle') : t('form.editTitle')}
      onClose={onClose}
    >
      {creating || loaded.data ? (
        <RedemptionEditor code={loaded.data} onClose={onClose} onCreated={onCreated} />
      ) : (
        <Spinner className="mg-redemption-drawer-body" />
      )}
    </Drawer>
  );
}

interface EditorProps {
  code?: Redemption;
  onClose(): void;
  onCreated(keys: string[]): void;
}

function RedemptionEditor({ code, onClose, onCreated }: EditorProps) {
  const { t } = useTranslation('redemption');
  const display = useQuotaDisplay();
  const creating = code === undefined;
  const validate = useCallback((values: RedemptionFormValues) => validateRedemption(values, creating), [creating]);
  const { values, errors, setField, check } = useForm<RedemptionFormValues>(
    () => (code ? redemptionValues(code) : newRedemptionValues()),
    validate,
  );
  const [create, creation] = useCreateRedemptionsMutation();
  const [update, updating] = useUpdateRedemptionMutation();
  const quota = parseWhole(values.quota);
  const fallbackName = defaultName(values, display);

  const fields = useMemo<Array<FieldSpec<RedemptionFormValues>>>(
    () => [
      {
        name: 'name',
        kind: 'text',
        label: t('form.name'),
        required: !creating,
        placeholder: creating ? t('form.namePlaceholder', { name: fallbackName }) : undefined,
        helperText: creating ? t('form.nameHint') : undefined,
      },
      {
        name: 'quota',
        kind: 'text',
        label: quota === null ? t('form.quota') : t('form.quotaWithValue', { rendered: renderQuota(quota, display) }),
        required: true,
        inputProps: { inputMode: 'numeric' },
      },
      { name: 'count', kind: 'text', label: t('form.count'), required: true, visible: creating, inputProps: { inputMode: 'numeric' } },
    ],
    [t, creating, fallbackName, quota, display],
  );

  const submit = async () => {
    if (!check()) return;
    const name = values.name.trim() || fallbackName;
    const amount = parseWhole(values.quota) ?? 0;
    if (code) {
      const result = await update({ id: code.id, name, quota: amount });
      if (result.error) return;
      showSuccess(t('messages.updated'));
      onClose();
      return;
    }
    const result = await create({ name, quota: amount, count: parseWhole(values.count) ?? 0 });
    if (result.error) return;
    showSuccess(t('messages.created'));
    onCreated(result.data);
    onClose();
  };

  return (
    <>
      <form
        id="redemption-editor"
        className={`${Classes.DRAWER_BODY} mg-redemption-drawer-body`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FieldList fields={fields.slice(0, 2)} values={values} errors={errors} onChange={setField} />
        <PresetButtons
          className="mg-redemption-presets"
          presets={QUOTA_PRESETS}
          label={(preset) => renderQuota(preset, display)}
          active={(preset) => quota === preset}
          onPick={(preset) => setField('quota', String(preset))}
        />
        <FieldList fields={fields.slice(2)} values={values} errors={errors} onChange={setField} />
      </form>
      <div className={`${Classes.DRAWER_FOOTER} mg-redemption-drawer-footer`}>
        <Button text={t('form.cancel')} onClick={onClose} />
        <Button
          type="submit"
          form="redemption-editor"
          intent={Intent.PRIMARY}
          text={t('form.submit')}
          loading={creation.isLoading || updating.isLoading}
        />
      </div>
    </>
  );
}
