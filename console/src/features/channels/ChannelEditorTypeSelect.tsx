import { Alignment, Button, Classes, FormGroup, Intent, MenuItem, Tag } from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, type ChannelTypeSpec, channelTypeGroupName, channelTypeName, unservedReason } from './channel-types';

export interface ChannelEditorTypeSelectProps {
  value: number;
  disabled: boolean;
  onChange(type: number): void;
}

const notServed = (spec: ChannelTypeSpec) => spec.group !== 'served';

/**
 * The channel type, searchable by name or number, in the reference's dropdown order. Types the
 * gateway does not serve are listed, marked with their group (being added, or not supported) and
 * explained, but cannot be chosen.
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
        itemRenderer={(spec, { handleClick, handleFocus, modifiers, ref }) => {
          if (!modifiers.matchesPredicate) return null;
          const reason = unservedReason(spec.id);
          return (
            <MenuItem
              key={spec.id}
              ref={ref}
              roleStructure="listoption"
              active={modifiers.active}
              disabled={modifiers.disabled}
              selected={spec.id === value}
              multiline={reason !== null}
              htmlTitle={reason ?? undefined}
              text={
                reason === null ? (
                  channelTypeName(spec.id)
                ) : (
                  <>
                    {channelTypeName(spec.id)}
                    <small className={`mg-channel-type-reason ${Classes.TEXT_MUTED}`}>{reason}</small>
                  </>
                )
              }
              labelElement={
                reason === null ? (
                  String(spec.id)
                ) : (
                  <span className="mg-channel-type-label">
                    <Tag minimal intent={spec.group === 'coming' ? Intent.PRIMARY : Intent.WARNING} data-group={spec.group}>
                      {channelTypeGroupName(spec.group)}
                    </Tag>
                    {spec.id}
                  </span>
                )
              }
              onClick={handleClick}
              onFocus={handleFocus}
            />
          );
        }}
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
