import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';

export interface DateTimeFieldProps {
  label: string;
  /** `yyyy-MM-ddTHH:mm:ss`, local time. */
  value: string;
  onChange(value: string): void;
}

/** A labelled local date-and-time picker (the browser's own `datetime-local` control). */
export function DateTimeField({ label, value, onChange }: DateTimeFieldProps) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup
        id={id}
        type="datetime-local"
        step={1}
        leftIcon="calendar"
        value={value}
        onValueChange={(next) => onChange(next)}
      />
    </FormGroup>
  );
}
