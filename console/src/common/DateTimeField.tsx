import { FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { enUS, zhCN } from 'date-fns/locale';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlainDateTime, parsePlainDateTime } from './dates';

export interface DateTimeFieldProps {
  label: string;
  value: Date | null;
  onChange(value: Date | null): void;
  id?: string;
}

/**
 * The console's one date-and-time picker: Blueprint's calendar with seconds, typed or picked as
 * local `yyyy-MM-dd HH:mm:ss`. The calendar's locale follows the console's language; it is given
 * as an object, so nothing is loaded by name at run time.
 */
export function DateTimeField({ label, value, onChange, id }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FormGroup label={label} labelFor={inputId}>
      <DateInput
        locale={i18n.language === 'en' ? enUS : zhCN}
        value={value ? value.toISOString() : null}
        onChange={(next) => onChange(next ? new Date(next) : null)}
        formatDate={formatPlainDateTime}
        parseDate={(text) => parsePlainDateTime(text) ?? false}
        placeholder="yyyy-MM-dd HH:mm:ss"
        timePrecision="second"
        closeOnSelection={false}
        inputProps={{ id: inputId, leftIcon: 'calendar' }}
        showActionsBar
      />
    </FormGroup>
  );
}
