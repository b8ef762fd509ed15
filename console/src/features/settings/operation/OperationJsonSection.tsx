import { Button, FormGroup, Intent, Section, SectionCard, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JsonRowsShape } from './operation-json';
import type { OptionField } from '../form/option-fields';
import { OperationRowsTable } from './OperationRowsTable';
import { useOptionSection } from '../form/use-option-section';

/** One JSON option edited both as a table and as JSON text. */
export interface JsonTableField {
  key: string;
  label: string;
  helperText?: ReactNode;
  shape: JsonRowsShape;
  nameHeader: string;
  valueHeader: string;
  valuePlaceholder?: string;
}

export interface OperationJsonSectionProps {
  title: string;
  description?: string;
  fields: readonly OptionField[];
  tables: readonly JsonTableField[];
  /** Shown above the editors (e.g. what a link template may contain). */
  children?: ReactNode;
}

/** Declares a table-edited option as a JSON field that the section validates with its shape. */
export function jsonTableOption(table: JsonTableField): OptionField {
  return { key: table.key, kind: 'json', label: table.label, validate: (value) => table.shape.check(value) };
}

/**
 * A settings card whose JSON options are edited in a table that writes the JSON, with the JSON
 * text beside it for pasting; saved together with one call per changed key, like every section.
 */
export function OperationJsonSection({ title, description, fields, tables, children }: OperationJsonSectionProps) {
  const { t } = useTranslation('setting');
  const section = useOptionSection(fields);
  return (
    <Section ref={section.rootRef} title={title} subtitle={description} className="mg-option-section">
      <SectionCard>
        {children}
        {tables.map((table) => {
          const error = section.errors[table.key];
          const json = section.values[table.key] ?? '';
          return (
            <div key={table.key} className="mg-json-table-field">
              <h4 className="mg-json-table-title">{table.label}</h4>
              <OperationRowsTable
                label={table.label}
                nameHeader={table.nameHeader}
                valueHeader={table.valueHeader}
                valuePlaceholder={table.valuePlaceholder}
                shape={table.shape}
                json={json}
                onJsonChange={(text) => section.setValue(table.key, text)}
              />
              <FormGroup
                label={t('operation.table.jsonLabel', { name: table.label })}
                labelFor={`option-${table.key}`}
                helperText={error ?? table.helperText}
                intent={error ? Intent.DANGER : Intent.NONE}
              >
                <TextArea
                  id={`option-${table.key}`}
                  fill
                  rows={6}
                  className="mg-code-input"
                  intent={error ? Intent.DANGER : Intent.NONE}
                  value={json}
                  onChange={(event) => section.setValue(table.key, event.currentTarget.value)}
                />
              </FormGroup>
            </div>
          );
        })}
        <Button intent="primary" icon="floppy-disk" loading={section.saving} disabled={section.isLoading} onClick={() => void section.save()}>
          {t('actions.save')}
        </Button>
      </SectionCard>
    </Section>
  );
}
