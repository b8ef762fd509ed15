import { FormGroup, MenuItem, Switch } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { useGetUserModelsQuery } from '../account/self-api';

export interface TokenModelLimitsProps {
  enabled: boolean;
  models: string[];
  onEnabledChange(enabled: boolean): void;
  onModelsChange(models: string[]): void;
}

/** The model-limit switch and, when on, a multi-select of the models the user may call. */
export function TokenModelLimits({ enabled, models, onEnabledChange, onModelsChange }: TokenModelLimitsProps) {
  const { t } = useTranslation('token');
  const { data: available = [] } = useGetUserModelsQuery(undefined, { skip: !enabled });
  const items = [...new Set([...available, ...models])];
  const toggle = (model: string) =>
    onModelsChange(models.includes(model) ? models.filter((name) => name !== model) : [...models, model]);
  return (
    <FormGroup>
      <Switch
        label={t('form.models.toggle')}
        checked={enabled}
        onChange={(event) => onEnabledChange(event.currentTarget.checked)}
      />
      {enabled && (
        <MultiSelect<string>
          fill
          items={items}
          selectedItems={models}
          placeholder={t('form.models.placeholder')}
          itemPredicate={(query, model) => model.toLowerCase().includes(query.trim().toLowerCase())}
          itemRenderer={(model, { handleClick, handleFocus, modifiers, ref }) =>
            modifiers.matchesPredicate ? (
              <MenuItem
                key={model}
                ref={ref}
                roleStructure="listoption"
                selected={models.includes(model)}
                active={modifiers.active}
                text={model}
                onClick={handleClick}
                onFocus={handleFocus}
              />
            ) : null
          }
          noResults={<MenuItem disabled roleStructure="listoption" text={t('form.models.noResults')} />}
          tagRenderer={(model) => model}
          onItemSelect={toggle}
          onRemove={(model) => onModelsChange(models.filter((name) => name !== model))}
          onClear={() => onModelsChange([])}
          resetOnSelect
          popoverProps={{ minimal: true }}
          tagInputProps={{ inputProps: { 'aria-label': t('form.models.placeholder') } }}
        />
      )}
    </FormGroup>
  );
}
