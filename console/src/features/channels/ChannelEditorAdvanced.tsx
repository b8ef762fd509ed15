import { Button, Callout, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { CHANNEL_CAPS, type ChannelFieldsProps, type ChannelFormValues, mappingKeysNotInModels } from './channel-form';

type JsonFieldName = 'model_mapping' | 'status_code_mapping' | 'setting' | 'param_override';

const TEMPLATES: Record<JsonFieldName, string> = {
  model_mapping: JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2),
  status_code_mapping: JSON.stringify({ '400': '500' }, null, 2),
  setting: JSON.stringify({ force_format: true }, null, 2),
  param_override: JSON.stringify({ temperature: 0 }, null, 2),
};

interface JsonFieldProps extends ChannelFieldsProps {
  name: JsonFieldName;
  label: string;
  help: string;
  children?: ReactNode;
}

/** A JSON textarea with its "fill template" action; the error of the last check below it. */
function JsonField({ name, label, help, values, errors, setField, readOnly, children }: JsonFieldProps) {
  const { t } = useTranslation('channel');
  const error = errors[name];
  const id = `field-${name}`;
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? help} intent={error ? Intent.DANGER : Intent.NONE}>
      <TextArea
        id={id}
        fill
        autoResize
        className="mg-channel-code"
        intent={error ? Intent.DANGER : Intent.NONE}
        placeholder={TEMPLATES[name]}
        spellCheck={false}
        value={values[name]}
        onChange={(event) => setField(name, event.currentTarget.value)}
      />
      {!readOnly && (
        <Button size="small" variant="minimal" intent={Intent.PRIMARY} text={t('editor.actions.fillTemplate')}
          aria-label={`${t('editor.actions.fillTemplate')}: ${label}`} onClick={() => setField(name, TEMPLATES[name])} />
      )}
      {children}
    </FormGroup>
  );
}

/** Model and status-code mappings, input limit, traffic caps, upstream connections, extra settings and parameter override. */
export function ChannelEditorAdvanced(props: ChannelFieldsProps) {
  const { t } = useTranslation('channel');
  const { values, errors, setField } = props;
  const unrouted = values.model_mapping.trim() ? mappingKeysNotInModels(values.model_mapping, values.models) : [];
  const maxInput: FieldSpec<ChannelFormValues>[] = [
    {
      name: 'max_input_tokens',
      kind: 'text',
      label: t('editor.maxInputTokens.label'),
      helperText: t('editor.maxInputTokens.help'),
      inputProps: { inputMode: 'numeric' },
    },
    ...CHANNEL_CAPS.map(
      (cap): FieldSpec<ChannelFormValues> => ({
        name: cap,
        kind: 'text',
        label: t(`editor.caps.${cap}.label`),
        helperText: t(`editor.caps.${cap}.help`),
        inputProps: { inputMode: 'numeric' },
      }),
    ),
  ];
  const connection: FieldSpec<ChannelFormValues>[] = [
    {
      name: 'upstream_connections',
      kind: 'text',
      label: t('editor.connection.upstream_connections.label'),
      helperText: t('editor.connection.upstream_connections.help'),
      inputProps: { inputMode: 'numeric' },
    },
    {
      name: 'upstream_http2',
      kind: 'switch',
      label: t('editor.connection.upstream_http2.label'),
      helperText: t('editor.connection.upstream_http2.help'),
    },
  ];
  return (
    <>
      <JsonField {...props} name="model_mapping" label={t('editor.mapping.label')} help={t('editor.mapping.help')}>
        {unrouted.length > 0 && (
          <Callout intent={Intent.WARNING} className="mg-channel-notice" data-testid="mapping-warning">
            {t('editor.mapping.keysNotInModels', { models: unrouted.join(', ') })}
          </Callout>
        )}
      </JsonField>
      <JsonField {...props} name="status_code_mapping" label={t('editor.statusCodeMapping.label')} help={t('editor.statusCodeMapping.help')} />
      <FieldList fields={maxInput} values={values} errors={errors} onChange={setField} />
      <FieldList fields={connection} values={values} errors={errors} onChange={setField} />
      <JsonField {...props} name="setting" label={t('editor.setting.label')} help={t('editor.setting.help')} />
      <JsonField {...props} name="param_override" label={t('editor.paramOverride.label')} help={t('editor.paramOverride.help')} />
    </>
  );
}
