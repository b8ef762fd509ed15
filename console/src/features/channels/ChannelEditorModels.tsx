import { Button, ControlGroup, FormGroup, InputGroup, Intent, MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-error';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { showError, showSuccess } from '../../common/notify';
import {
  useFetchStoredChannelModelsMutation,
  useFetchUpstreamModelsMutation,
  useGetKnownChannelModelsQuery,
} from './channel-editor-api';
import {
  addCustomModels,
  type ChannelFieldsProps,
  type ChannelFormValues,
  keyLines,
  mergeModels,
  stripTrailingSlash,
  uniqueNames,
} from './channel-form';
import { channelTypeSpec } from './channel-types';

export interface ChannelEditorModelsProps extends ChannelFieldsProps {
  /** The stored channel (its key is used to fetch models); null while creating. */
  channelId: number | null;
  /** Channel type → default models (`GET /api/models`). */
  defaults: Record<string, string[]>;
}

/** The server's detail after its own "获取模型列表失败：" prefix, if any. */
function fetchFailureDetail(error: unknown): string {
  if (!isApiError(error)) return '';
  return error.message.replace(/^获取模型列表失败[：:]?\s*/, '').trim();
}

/** The channel's models: a multi-select, the fill/fetch/clear actions and custom names; then the test model. */
export function ChannelEditorModels(props: ChannelEditorModelsProps) {
  const { t } = useTranslation('channel');
  const { values, errors, setField, creating, readOnly, channelId, defaults } = props;
  const [custom, setCustom] = useState('');
  const { data: known = [] } = useGetKnownChannelModelsQuery();
  const [fetchUpstream, upstream] = useFetchUpstreamModelsMutation();
  const [fetchStored, stored] = useFetchStoredChannelModelsMutation();
  const typeDefaults = defaults[String(values.type)] ?? [];
  const items = uniqueNames([...values.models, ...typeDefaults, ...known]);
  const error = errors.models;
  const setModels = (models: string[]) => setField('models', models);

  const fetchModels = async () => {
    const spec = channelTypeSpec(values.type);
    let result;
    if (channelId !== null && !creating) {
      result = await fetchStored(channelId);
    } else {
      const [key] = keyLines(values.key, spec);
      if (!key) {
        showError(t('editor.models.keyRequired'));
        return;
      }
      result = await fetchUpstream({ base_url: stripTrailingSlash(values.base_url), type: values.type, key });
    }
    if (result.error) {
      const detail = fetchFailureDetail(result.error);
      showError(detail ? t('editor.models.fetchFailedDetail', { detail }) : t('editor.models.fetchFailed'));
      return;
    }
    setModels(mergeModels(values.models, result.data));
    showSuccess(t('editor.models.fetched'));
  };

  const addCustom = () => {
    const outcome = addCustomModels(values.models, custom);
    if ('exists' in outcome) {
      showError(t('editor.models.exists'));
      return;
    }
    setModels(outcome.models);
    setCustom('');
  };

  const testModel: FieldSpec<ChannelFormValues>[] = [
    { name: 'test_model', kind: 'text', label: t('editor.testModel.label'), placeholder: t('editor.testModel.placeholder') },
  ];

  return (
    <>
      <FormGroup
        label={t('editor.models.label')}
        labelInfo="*"
        helperText={error ?? t('editor.models.selected', { count: values.models.length })}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <MultiSelect<string>
          fill
          disabled={readOnly}
          items={items}
          selectedItems={values.models}
          placeholder={t('editor.models.placeholder')}
          itemPredicate={(query, model) => model.toLowerCase().includes(query.trim().toLowerCase())}
          itemRenderer={(model, { handleClick, handleFocus, modifiers, ref }) =>
            modifiers.matchesPredicate ? (
              <MenuItem key={model} ref={ref} roleStructure="listoption" selected={values.models.includes(model)}
                active={modifiers.active} text={model} onClick={handleClick} onFocus={handleFocus} />
            ) : null
          }
          noResults={<MenuItem disabled roleStructure="listoption" text={t('editor.models.noResults')} />}
          tagRenderer={(model) => model}
          onItemSelect={(model) =>
            setModels(values.models.includes(model) ? values.models.filter((name) => name !== model) : [...values.models, model])
          }
          onRemove={(model) => setModels(values.models.filter((name) => name !== model))}
          resetOnSelect
          popoverProps={{ minimal: true }}
          tagInputProps={{ intent: error ? Intent.DANGER : Intent.NONE, inputProps: { 'aria-label': t('editor.models.placeholder') } }}
        />
        {!readOnly && (
          <div className="mg-channel-model-actions">
            <Button size="small" variant="outlined" intent={Intent.PRIMARY} text={t('editor.models.fillDefault')}
              onClick={() => setModels([...typeDefaults])} />
            <Button size="small" variant="outlined" text={t('editor.models.fillAll')} onClick={() => setModels([...known])} />
            <Button size="small" variant="outlined" text={t('editor.models.fetch')} loading={upstream.isLoading || stored.isLoading}
              onClick={() => void fetchModels()} />
            <Button size="small" variant="outlined" intent={Intent.DANGER} text={t('editor.models.clear')} onClick={() => setModels([])} />
          </div>
        )}
        {!readOnly && (
          <ControlGroup fill className="mg-channel-custom-models">
            <InputGroup
              aria-label={t('editor.models.customPlaceholder')}
              placeholder={t('editor.models.customPlaceholder')}
              value={custom}
              onValueChange={setCustom}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addCustom();
                }
              }}
            />
            <Button text={t('editor.models.customAdd')} disabled={!custom.trim()} onClick={addCustom} />
          </ControlGroup>
        )}
      </FormGroup>
      <FieldList fields={testModel} values={values} errors={errors} onChange={setField} />
    </>
  );
}
