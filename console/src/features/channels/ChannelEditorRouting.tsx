import { FormGroup, Intent, MenuItem, Switch } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { useGetChannelGroupNamesQuery } from './channel-editor-api';
import { type ChannelFieldsProps, type ChannelFormValues, uniqueNames } from './channel-form';
import { MIN_PRIORITY } from './channel-form-rules';

/** Groups (from `GET /api/group/`, new names allowed), auto-disable, priority, weight and tag. */
export function ChannelEditorRouting({ values, errors, setField, readOnly, creating }: ChannelFieldsProps) {
  const { t } = useTranslation('channel');
  const { data: known = [] } = useGetChannelGroupNamesQuery();
  const items = uniqueNames([...known, ...values.groups]);
  const setGroups = (groups: string[]) => setField('groups', groups);
  const numbers: FieldSpec<ChannelFormValues>[] = [
    {
      name: 'priority',
      kind: 'text',
      label: t('editor.priority.label'),
      helperText: t('editor.priority.help'),
      inputProps: { inputMode: 'numeric', min: MIN_PRIORITY },
    },
    { name: 'weight', kind: 'text', label: t('editor.weight.label'), helperText: t('editor.weight.help'), inputProps: { inputMode: 'numeric' } },
    { name: 'tag', kind: 'text', label: t('editor.tag.label'), placeholder: t('editor.tag.placeholder') },
  ];
  return (
    <>
      <FormGroup
        label={t('editor.groups.label')}
        helperText={errors.groups ?? (creating ? t('editor.groups.help') : undefined)}
        intent={errors.groups ? Intent.DANGER : Intent.NONE}
      >
        <MultiSelect<string>
          fill
          disabled={readOnly}
          items={items}
          selectedItems={values.groups}
          placeholder={t('editor.groups.placeholder')}
          itemPredicate={(query, group) => group.toLowerCase().includes(query.trim().toLowerCase())}
          itemRenderer={(group, { handleClick, handleFocus, modifiers, ref }) =>
            modifiers.matchesPredicate ? (
              <MenuItem key={group} ref={ref} roleStructure="listoption" selected={values.groups.includes(group)}
                active={modifiers.active} text={group} onClick={handleClick} onFocus={handleFocus} />
            ) : null
          }
          createNewItemFromQuery={(query) => query.trim()}
          createNewItemRenderer={(query, active, handleClick) =>
            query.trim() && !items.includes(query.trim()) ? (
              <MenuItem key="new" roleStructure="listoption" icon="add" active={active} onClick={handleClick}
                text={t('editor.groups.add', { name: query.trim() })} />
            ) : undefined
          }
          noResults={<MenuItem disabled roleStructure="listoption" text={t('editor.groups.noResults')} />}
          tagRenderer={(group) => group}
          onItemSelect={(group) =>
            setGroups(values.groups.includes(group) ? values.groups.filter((name) => name !== group) : [...values.groups, group])
          }
          onRemove={(group) => setGroups(values.groups.filter((name) => name !== group))}
          resetOnSelect
          popoverProps={{ minimal: true }}
          tagInputProps={{ inputProps: { 'aria-label': t('editor.groups.placeholder') } }}
        />
      </FormGroup>
      <FormGroup helperText={t('editor.autoBan.help')}>
        <Switch
          label={t('editor.autoBan.label')}
          checked={values.auto_ban}
          disabled={readOnly}
          onChange={(event) => setField('auto_ban', event.currentTarget.checked)}
        />
      </FormGroup>
      <div className="mg-channel-row">
        <FieldList fields={numbers} values={values} errors={errors} onChange={setField} />
      </div>
    </>
  );
}
