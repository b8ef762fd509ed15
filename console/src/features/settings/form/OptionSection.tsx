import { Alert, Button, FormGroup, Section, SectionCard, Switch } from '@blueprintjs/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../../common/forms/field-spec';
import { FieldList } from '../../../common/forms/FieldList';
import type { OptionField, OptionValues } from './option-fields';
import { type OptionSectionState, useOptionSection } from './use-option-section';

export interface OptionSectionProps {
  title: string;
  description?: string;
  fields: readonly OptionField[];
  /** Extra content under the fields (an action, an editor of its own). */
  children?: ReactNode;
  /** The success message of a save, when the section has one of its own (default 'saved'). */
  savedMessage?: string;
}

export interface OptionSectionViewProps extends OptionSectionProps {
  /** The section's state, owned by the caller (who may fill or check values around a save). */
  section: OptionSectionState;
}

/** Height of a JSON editor: its indented lines, between 6 and 16 (longer text scrolls). */
function jsonRows(value: string): number {
  return Math.min(16, Math.max(6, value.split('\n').length));
}

/**
 * A card of settings declared as a field list, rendered by the shared declarative form
 * (`common/forms`): switches save as they flip (with a confirmation where the field asks for
 * one); the other fields save together with the section's button.
 */
export function OptionSection(props: OptionSectionProps) {
  const section = useOptionSection(props.fields, { savedMessage: props.savedMessage });
  return <OptionSectionView {...props} section={section} />;
}

/** An option section whose state comes from the caller's `useOptionSection`. */
export function OptionSectionView({ title, description, fields, children, section }: OptionSectionViewProps) {
  const { t } = useTranslation('setting');
  const [confirming, setConfirming] = useState<OptionField | null>(null);
  // Unique per section: the same key may be shown in two sections (e.g. the server address).
  const idPrefix = useId();
  const idOf = (field: OptionField) => `${idPrefix}option-${field.key}`;
  const hasSaveButton = fields.some((field) => field.kind !== 'switch');

  /** A switch: saved the moment it flips, after a confirmation where the field asks for one. */
  const switchInput = (field: OptionField) => (
    <Switch
      id={idOf(field)}
      label={field.label}
      checked={section.values[field.key] === 'true'}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        if (!on && field.confirmOff) setConfirming(field);
        else void section.toggle(field.key, on);
      }}
    />
  );

  /** Every other kind is a field of the shared declarative form (`common/forms`). */
  const fieldSpec = (field: OptionField): FieldSpec<OptionValues> => {
    const value = section.values[field.key] ?? '';
    const isText = field.kind === 'textarea' || field.kind === 'json';
    return {
      name: field.key,
      kind: field.kind === 'secret' ? 'password' : field.kind === 'json' ? 'textarea' : (field.kind as Exclude<OptionField['kind'], 'secret' | 'json' | 'switch'>),
      label: field.label,
      placeholder: field.kind === 'secret' ? t('messages.secretPlaceholder') : field.placeholder,
      helperText: field.describeValue?.(value) ?? field.helperText,
      ...(field.choices ? { options: field.choices } : {}),
      ...(isText
        ? { inputProps: { autoResize: false, rows: field.kind === 'json' ? jsonRows(value) : 3, ...(field.kind === 'json' ? { className: 'mg-code-input' } : {}) } }
        : {}),
    };
  };

  return (
    <Section ref={section.rootRef} title={title} subtitle={description} className="mg-option-section">
      <SectionCard>
        {fields.map((field) =>
          field.kind === 'switch' ? (
            <FormGroup key={field.key} helperText={field.helperText} className="mg-option-switch">
              {switchInput(field)}
            </FormGroup>
          ) : (
            <FieldList
              key={field.key}
              fields={[fieldSpec(field)]}
              values={section.values}
              errors={section.errors}
              idPrefix={`${idPrefix}option-`}
              onChange={(key, value) => section.setValue(key, String(value))}
            />
          ),
        )}
        {children}
        {hasSaveButton && (
          <Button intent="primary" icon="floppy-disk" loading={section.saving} disabled={section.isLoading} onClick={() => void section.save()}>
            {t('actions.save')}
          </Button>
        )}
      </SectionCard>
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="warning-sign"
        cancelButtonText={t('actions.cancel')}
        confirmButtonText={t('actions.turnOff')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void section.toggle(confirming.key, false);
          setConfirming(null);
        }}
      >
        {confirming?.confirmOff}
      </Alert>
    </Section>
  );
}
