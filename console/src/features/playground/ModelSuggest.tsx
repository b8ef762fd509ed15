import { MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { matchesModel } from './playground-settings';

const filterModel: ItemPredicate<string> = (query, model) => matchesModel(query, model);

const renderModel: ItemRenderer<string> = (model, { handleClick, handleFocus, modifiers, ref }) => {
  if (!modifiers.matchesPredicate) return null;
  return (
    <MenuItem
      ref={ref}
      key={model}
      text={model}
      active={modifiers.active}
      disabled={modifiers.disabled}
      roleStructure="listoption"
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );
};

interface ModelSuggestProps {
  id: string;
  models: string[];
  value: string;
  loading: boolean;
  onChange(model: string): void;
}

/** The model picker: type to filter the user's models (fuzzy), pick one from the list. */
export function ModelSuggest({ id, models, value, loading, onChange }: ModelSuggestProps) {
  const { t } = useTranslation('playground');
  return (
    <Suggest<string>
      fill
      items={models}
      selectedItem={value === '' ? null : value}
      itemPredicate={filterModel}
      itemRenderer={renderModel}
      inputValueRenderer={(model) => model}
      onItemSelect={onChange}
      disabled={loading}
      noResults={<MenuItem disabled roleStructure="listoption" text={models.length === 0 ? t('settings.model.empty') : t('settings.model.noMatch')} />}
      inputProps={{ id, placeholder: t('settings.model.placeholder'), leftIcon: 'search' }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ 'aria-label': t('settings.model.label') }}
      resetOnClose
    />
  );
}
