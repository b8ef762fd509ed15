import { Alert, Button, FormGroup, HTMLSelect, InputGroup, Intent, Section, SectionCard, Switch, TextArea } from '@blueprintjs/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from './option-fields';
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
 * A card of settings declared as a field list: switches save as they flip (with a confirmation
 * where the field asks for one); the other fields save together with the section's button.
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

  const input = (field: OptionField) => {
    const id = idOf(field);
    const value = section.values[field.key] ?? '';
    const intent = section.errors[field.key] ? Intent.DANGER : Intent.NONE;
    switch (field.kind) {
      case 'switch':
        return (
          <Switch
            id={id}
            label={field.label}
            checked={value === 'true'}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              if (!on && field.confirmOff) setConfirming(field);
              else void section.toggle(field.key, on);
            }}
          />
        );
      case 'textarea':
      case 'json':
        return (
          <TextArea
            id={id}
            fill
            rows={field.kind === 'json' ? jsonRows(value) : 3}
            intent={intent}
            className={field.kind === 'json' ? 'mg-code-input' : undefined}
            placeholder={field.placeholder}
            value={value}
            onChange={(event) => section.setValue(field.key, event.currentTarget.value)}
          />
        );
      case 'select':
        return (
          <HTMLSelect
            id={id}
            value={value}
            options={field.choices?.map((choice) => ({ value: choice.value, label: choice.label }))}
            onChange={(event) => section.setValue(field.key, event.currentTarget.value)}
          />
        );
      default:
        return (
          <InputGroup
            id={id}
            type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
            intent={intent}
            placeholder={field.kind === 'secret' ? t('messages.secretPlaceholder') : field.placeholder}
            value={value}
            onValueChange={(text) => section.setValue(field.key, text)}
          />
        );
    }
  };

  return (
    <Section ref={section.rootRef} title={title} subtitle={description} className="mg-option-section">
      <SectionCard>
        {fields.map((field) =>
          field.kind === 'switch' ? (
            <FormGroup key={field.key} helperText={field.helperText} className="mg-option-switch">
              {input(field)}
            </FormGroup>
          ) : (
            <FormGroup
              key={field.key}
              label={field.label}
              labelFor={idOf(field)}
              helperText={section.errors[field.key] ?? field.describeValue?.(section.values[field.key] ?? '') ?? field.helperText}
              intent={section.errors[field.key] ? Intent.DANGER : Intent.NONE}
            >
              {input(field)}
            </FormGroup>
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
