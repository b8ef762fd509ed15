import { Alignment, Button, Classes, FormGroup, Intent, MenuItem, Tag } from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, type ChannelTypeSpec, channelTypeName } from './channel-types';

export interface ChannelEditorTypeSelectProps {
  value: number;
  disabled: boolean;
  onChange(type: number): void;
}

const notServed = (spec: ChannelTypeSpec) => spec.unservedReason !== null;

/**
 * The channel type, searchable by name or number, in the reference's dropdown order. Types the
 * gateway does not serve yet are listed, marked and explained, but cannot be chosen.
 */
export function ChannelEditorTypeSelect({ value, disabled, onChange }: ChannelEditorTypeSelectProps) {
  const { t } = useTranslation('channel');
  return (
    <FormGroup label={t('editor.type.label')} labelFor="field-type" labelInfo="*">
      <Select<ChannelTypeSpec>
        fill
        disabled={disabled}
        items={[...CHANNEL_TYPES]}
        itemsEqual="id"
        itemDisabled={notServed}
        activeItem={CHANNEL_TYPES.find((spec) => spec.id === value) ?? null}
        itemPredicate={(query, spec) => {
          const text = query.trim().toLowerCase();
          return !text || String(spec.id) === text || channelTypeName(spec.id).toLowerCase().includes(text) ||
            spec.name.toLowerCase().includes(text);
        }}
        itemRenderer={(spec, { handleClick, handleFocus, modifiers, ref }) =>
          modifiers.matchesPredicate ? (
            <MenuItem
              key={spec.id}
              ref={ref}
              roleStructure="listoption"
              active={modifiers.active}
              disabled={modifiers.disabled}
              selected={spec.id === value}
              multiline={spec.unservedReason !== null}
              htmlTitle={spec.unservedReason ?? undefined}
              text={
                spec.unservedReason === null ? (
                  channelTypeName(spec.id)
                ) : (
                  <>
                    {channelTypeName(spec.id)}
                    <small className={`mg-channel-type-reason ${Classes.TEXT_MUTED}`}>{spec.unservedReason}</small>
                  </>
                )
              }
              labelElement={
                spec.unservedReason === null ? (
                  String(spec.id)
                ) : (
                  <span className="mg-channel-type-label">
                    <Tag minimal intent={Intent.WARNING}>{t('editor.type.notSupported')}</Tag>
                    {spec.id}
                  </span>
                )
              }
              onClick={handleClick}
              onFocus={handleFocus}
            />
          ) : null
        }
        noResults={<MenuItem disabled roleStructure="listoption" text={t('editor.type.noResults')} />}
        onItemSelect={(spec) => {
          if (!notServed(spec)) onChange(spec.id);
        }}
        inputProps={{ placeholder: t('editor.type.search'), 'aria-label': t('editor.type.search') }}
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        resetOnClose
      >
        <Button
          id="field-type"
          fill
          disabled={disabled}
          alignText={Alignment.START}
          endIcon="caret-down"
          text={channelTypeName(value)}
        />
      </Select>
    </FormGroup>
  );
}
