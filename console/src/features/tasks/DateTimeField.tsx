import { FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { formatPlainDateTime, parsePlainDateTime } from '../../common/dates';

export interface DateTimeFieldProps {
  id: string;
  label: string;
  value: Date | null;
  onChange(value: Date | null): void;
}

/** A date-time picker typed or picked as local `yyyy-MM-dd HH:mm:ss`. */
export function DateTimeField({ id, label, value, onChange }: DateTimeFieldProps) {
  return (
    <FormGroup label={label} labelFor={id}>
      <DateInput
        value={value ? value.toISOString() : null}
        onChange={(next) => onChange(next ? new Date(next) : null)}
        formatDate={formatPlainDateTime}
        parseDate={(text) => parsePlainDateTime(text) ?? false}
        placeholder="yyyy-MM-dd HH:mm:ss"
        timePrecision="second"
        closeOnSelection={false}
        inputProps={{ id }}
        showActionsBar
      />
    </FormGroup>
  );
}
