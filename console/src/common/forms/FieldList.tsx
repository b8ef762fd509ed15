import type { ReactElement } from 'react';
import { FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import type { FieldErrors, FieldSpec } from './field-spec';

export interface FieldListProps<Values extends Record<string, unknown>> {
  fields: ReadonlyArray<FieldSpec<Values>>;
  values: Values;
  errors?: FieldErrors<Values>;
  onChange<Name extends keyof Values & string>(name: Name, value: Values[Name]): void;
  /** Prefix of each input's id (default `field-`); makes ids unique when a form shows twice. */
  idPrefix?: string;
}

/** Renders a declared field list with Blueprint form groups; each field's error sits under it. */
export function FieldList<Values extends Record<string, unknown>>({
  fields,
  values,
  errors = {},
  onChange,
  idPrefix = 'field-',
}: FieldListProps<Values>) {
  return (
    <>
      {fields
        .filter((field) => field.visible !== false)
        .map((field) => {
          const error = errors[field.name];
          const id = `${idPrefix}${field.name}`;
          const intent = error ? Intent.DANGER : Intent.NONE;
          const set = (value: unknown) => onChange(field.name, value as Values[typeof field.name]);
          const value = values[field.name];
          return (
            <FormGroup
              key={field.name}
              label={field.label}
              labelFor={id}
              labelInfo={field.required ? '*' : undefined}
              helperText={error ?? field.helperText}
              intent={intent}
              disabled={field.disabled}
            >
              {field.kind === 'textarea' ? (
                <TextArea
                  id={id}
                  fill
                  autoResize
                  intent={intent}
                  disabled={field.disabled}
                  placeholder={field.placeholder}
                  value={String(value ?? '')}
                  onChange={(event) => set(event.currentTarget.value)}
                  {...field.inputProps}
                />
              ) : field.kind === 'select' ? (
                <HTMLSelect
                  id={id}
                  fill
                  disabled={field.disabled}
                  value={String(value ?? '')}
                  options={field.options?.map((option) => ({ value: option.value, label: option.label }))}
                  onChange={(event) => set(event.currentTarget.value)}
                  {...field.inputProps}
                />
              ) : field.kind === 'switch' ? (
                <Switch
                  id={id}
                  checked={Boolean(value)}
                  disabled={field.disabled}
                  onChange={(event) => set(event.currentTarget.checked)}
                  {...field.inputProps}
                />
              ) : (
                <InputGroup
                  id={id}
                  type={field.kind}
                  intent={intent}
                  disabled={field.disabled}
                  placeholder={field.placeholder}
                  rightElement={field.rightElement as ReactElement | undefined}
                  value={String(value ?? '')}
                  onValueChange={(text) => set(text)}
                  {...field.inputProps}
                />
              )}
            </FormGroup>
          );
        })}
    </>
  );
}
