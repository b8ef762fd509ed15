import { Button, Callout, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldErrors, FieldSpec } from '../../common/forms/field-spec';
import { PresetButtons } from '../../common/PresetButtons';
import { quotaToDollars, renderQuota } from '../../common/quota';
import type { GroupChoice } from '../account/self-api';
import { TokenExpiryPicker } from './TokenExpiryPicker';
import { TokenModelLimits } from './TokenModelLimits';
import {
  BATCH_PRESETS,
  EXPIRY_SHORTCUTS,
  type ExpiryShortcut,
  expiryFromShortcut,
  QUOTA_PRESETS,
  type TokenFormValues,
} from './token-form';

export interface TokenFormFieldsProps {
  values: TokenFormValues;
  errors: FieldErrors<TokenFormValues>;
  creating: boolean;
  groups: Record<string, GroupChoice>;
  setField<Name extends keyof TokenFormValues & string>(name: Name, value: TokenFormValues[Name]): void;
}

/** The token editor's fields (spec §3 Token, §9 presets), shared by create and edit. */
export function TokenFormFields({ values, errors, creating, groups, setField }: TokenFormFieldsProps) {
  const { t } = useTranslation('token');
  const display = useQuotaDisplay();
  const groupNames = Object.keys(groups);
  const quotaNumber = Number(values.quota);
  const quotaLabel =
    display.displayInCurrency && values.quota.trim() !== '' && Number.isFinite(quotaNumber)
      ? t('form.quota.labelWithAmount', { amount: renderQuota(quotaNumber, display) })
      : t('form.quota.label');

  const nameField: FieldSpec<TokenFormValues>[] = [
    { name: 'name', kind: 'text', label: t('form.name.label'), placeholder: t('form.name.placeholder'), required: true },
  ];
  const lastFields: FieldSpec<TokenFormValues>[] = [
    {
      name: 'rpm',
      kind: 'text',
      label: t('form.rpm.label'),
      helperText: t('form.rpm.helper'),
      inputProps: { inputMode: 'numeric' },
    },
    {
      name: 'tpm',
      kind: 'text',
      label: t('form.tpm.label'),
      helperText: t('form.tpm.helper'),
      inputProps: { inputMode: 'numeric' },
    },
    { name: 'allowIps', kind: 'textarea', label: t('form.allowIps.label'), placeholder: t('form.allowIps.placeholder') },
    {
      name: 'group',
      kind: 'select',
      label: t('form.group.label'),
      disabled: groupNames.length === 0,
      helperText: groupNames.length === 0 ? t('form.group.none') : undefined,
      options:
        groupNames.length === 0
          ? [{ value: '', label: t('form.group.none') }]
          : [
              { value: '', label: t('form.group.userDefault') },
              ...groupNames.map((name) => ({
                value: name,
                label: t('form.group.option', { name, desc: groups[name].desc || name, ratio: groups[name].ratio }),
              })),
            ],
    },
  ];

  return (
    <>
      <FieldList fields={nameField} values={values} errors={errors} onChange={setField} />
      <FormGroup
        label={t('form.expiry.label')}
        labelFor="field-expiry"
        helperText={errors.expiry ?? t('form.expiry.helper')}
        intent={errors.expiry ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="field-expiry"
          intent={errors.expiry ? Intent.DANGER : Intent.NONE}
          placeholder={t('form.expiry.placeholder')}
          value={values.expiry}
          onValueChange={(text) => setField('expiry', text)}
          rightElement={<TokenExpiryPicker value={values.expiry} onChange={(text) => setField('expiry', text)} />}
        />
        <div className="mg-token-presets">
          {(Object.keys(EXPIRY_SHORTCUTS) as ExpiryShortcut[]).map((shortcut) => (
            <Button
              key={shortcut}
              size="small"
              variant="outlined"
              text={t(`form.expiry.${shortcut}`)}
              onClick={() => setField('expiry', expiryFromShortcut(shortcut))}
            />
          ))}
        </div>
      </FormGroup>
      <Callout intent={Intent.PRIMARY} icon="info-sign" className="mg-token-quota-notice">
        {t('form.quotaNotice')}
      </Callout>
      <FormGroup
        className="mg-token-quota"
        label={quotaLabel}
        labelFor="field-quota"
        helperText={errors.quota ?? t('form.quota.helper')}
        intent={errors.quota ? Intent.DANGER : Intent.NONE}
        disabled={values.unlimited}
      >
        <Switch
          label={t('form.quota.unlimited')}
          checked={values.unlimited}
          onChange={(event) => setField('unlimited', event.currentTarget.checked)}
        />
        <InputGroup
          id="field-quota"
          inputMode="numeric"
          disabled={values.unlimited}
          intent={errors.quota ? Intent.DANGER : Intent.NONE}
          value={values.quota}
          onValueChange={(text) => setField('quota', text)}
        />
        <PresetButtons
          className="mg-token-presets"
          presets={QUOTA_PRESETS}
          disabled={values.unlimited}
          active={(preset) => quotaNumber === preset}
          label={(preset) => `$${quotaToDollars(preset, display)}`}
          onPick={(preset) => setField('quota', String(preset))}
        />
      </FormGroup>
      {creating && (
        <FormGroup
          label={t('form.count.label')}
          labelFor="field-count"
          helperText={errors.count ?? t('form.count.helper')}
          intent={errors.count ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="field-count"
            inputMode="numeric"
            intent={errors.count ? Intent.DANGER : Intent.NONE}
            value={values.count}
            onValueChange={(text) => setField('count', text)}
          />
          <PresetButtons
            className="mg-token-presets"
            presets={BATCH_PRESETS}
            active={(count) => values.count === String(count)}
            label={String}
            onPick={(count) => setField('count', String(count))}
          />
        </FormGroup>
      )}
      <TokenModelLimits
        enabled={values.limitModels}
        models={values.models}
        onEnabledChange={(enabled) => setField('limitModels', enabled)}
        onModelsChange={(models) => setField('models', models)}
      />
      <FieldList fields={lastFields} values={values} errors={errors} onChange={setField} />
    </>
  );
}
