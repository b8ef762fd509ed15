import { Button, Callout, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { type ChannelFieldsProps, type ChannelFormValues, endsWithV1, keyLines } from './channel-form';
import { type ChannelTypeSpec, channelTypeSpec, type ExtraField as ExtraFieldSpec } from './channel-types';
import { ChannelEditorTypeSelect } from './ChannelEditorTypeSelect';

export interface ChannelEditorBasicsProps extends ChannelFieldsProps {
  onTypeChange(type: number): void;
}

/** Type, name, the type's own fields (address, `other`), key and organization. */
export function ChannelEditorBasics(props: ChannelEditorBasicsProps) {
  const { t } = useTranslation('channel');
  const { values, errors, setField, readOnly, onTypeChange } = props;
  const spec = channelTypeSpec(values.type);
  const nameFields: FieldSpec<ChannelFormValues>[] = [
    { name: 'name', kind: 'text', label: t('editor.name.label'), placeholder: t('editor.name.placeholder'), required: true },
  ];
  const organization: FieldSpec<ChannelFormValues>[] = [
    {
      name: 'openai_organization',
      kind: 'text',
      label: t('editor.organization.label'),
      placeholder: t('editor.organization.placeholder'),
      helperText: t('editor.organization.help'),
      visible: Boolean(spec.organization),
    },
  ];
  return (
    <>
      <ChannelEditorTypeSelect value={values.type} disabled={readOnly} onChange={onTypeChange} />
      {spec.notice && (
        <Callout intent={Intent.WARNING} icon="info-sign" className="mg-channel-notice" data-testid="type-notice">
          {t(`editor.notice.${spec.notice}`)}
        </Callout>
      )}
      <FieldList fields={nameFields} values={values} errors={errors} onChange={setField} />
      {spec.baseUrlField && <ExtraField field={spec.baseUrlField} {...props} />}
      {spec.otherField && <ExtraField field={spec.otherField} {...props} />}
      <KeyField spec={spec} {...props} />
      <FieldList fields={organization} values={values} errors={errors} onChange={setField} />
    </>
  );
}

/** One type-specific input: the address (with the `/v1` warning) or the `other` column. */
function ExtraField({ field, values, errors, setField }: ChannelFieldsProps & { field: ExtraFieldSpec }) {
  const { t } = useTranslation('channel');
  const value = values[field.field];
  const error = errors[field.field];
  const id = `field-${field.field}`;
  const placeholder = field.example ?? (field.field === 'base_url' ? t('editor.extra.optionalPlaceholder') : undefined);
  const intent = error ? Intent.DANGER : Intent.NONE;
  const help = (
    <>
      {t(`editor.extra.${field.label}.help`)}
      {field.field === 'base_url' && ` ${t('editor.baseUrl.trailingSlash')}`}
    </>
  );
  return (
    <FormGroup
      label={t(`editor.extra.${field.label}.label`)}
      labelFor={id}
      labelInfo={field.required ? '*' : undefined}
      helperText={error ?? help}
      intent={intent}
    >
      {field.multiline ? (
        <TextArea id={id} fill autoResize className="mg-channel-code" intent={intent} placeholder={placeholder} value={value}
          onChange={(event) => setField(field.field, event.currentTarget.value)} />
      ) : (
        <InputGroup id={id} intent={intent} placeholder={placeholder} value={value} onValueChange={(text) => setField(field.field, text)} />
      )}
      {field.template && (
        <Button size="small" variant="minimal" intent={Intent.PRIMARY} text={t('editor.actions.fillTemplate')}
          onClick={() => setField(field.field, field.template ?? '')} />
      )}
      {field.field === 'base_url' && endsWithV1(value) && (
        <Callout intent={Intent.WARNING} className="mg-channel-notice" data-testid="v1-warning">
          {t('editor.baseUrl.v1Warning')}
        </Callout>
      )}
    </FormGroup>
  );
}

const VERTEX_KEY_PLACEHOLDER = JSON.stringify(
  { type: 'service_account', project_id: 'my-project', private_key_id: '…', private_key: '-----BEGIN PRIVATE KEY-----…', client_email: '…@my-project.iam.gserviceaccount.com' },
  null,
  2,
);

/** The key: a textarea (one key per line on create), with the type's format hint. */
function KeyField({ spec, values, errors, setField, creating }: ChannelFieldsProps & { spec: ChannelTypeSpec }) {
  const { t } = useTranslation('channel');
  const error = errors.key;
  const count = creating ? keyLines(values.key, spec).length : 0;
  const isDocument = spec.key?.document === true;
  const format = isDocument ? undefined : spec.key?.format;
  const hint = spec.key?.hint;
  const placeholder = isDocument
    ? VERTEX_KEY_PLACEHOLDER
    : format
      ? t('editor.key.formatHint', { format })
      : t('editor.key.placeholder');
  const help = isDocument
    ? t('editor.key.documentHelp')
    : creating
      ? count > 1
        ? t('editor.key.createCount', { count })
        : t('editor.key.createHelp')
      : t('editor.key.editHelp');
  return (
    <FormGroup
      label={isDocument ? t('editor.key.documentLabel') : t('editor.key.label')}
      labelFor="field-key"
      labelInfo={creating ? '*' : undefined}
      helperText={
        <>
          {hint && <span className="mg-channel-key-hint" data-testid="key-hint">{t(`editor.key.hints.${hint}`)} </span>}
          {format && <span className="mg-channel-key-format">{t('editor.key.formatHint', { format })} · </span>}
          {error ?? help}
        </>
      }
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      <TextArea
        id="field-key"
        fill
        className="mg-channel-code"
        rows={isDocument ? 8 : 3}
        intent={error ? Intent.DANGER : Intent.NONE}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={values.key}
        onChange={(event) => setField('key', event.currentTarget.value)}
      />
    </FormGroup>
  );
}
