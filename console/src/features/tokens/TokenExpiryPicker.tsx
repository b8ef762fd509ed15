import { Button, PopoverNext } from '@blueprintjs/core';
import { DatePicker } from '@blueprintjs/datetime';
import { enUS, zhCN } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { formatPlainDateTime, parsePlainDateTime } from '../../common/dates';

export interface TokenExpiryPickerProps {
  /** The expiry text of the form: `yyyy-MM-dd HH:mm:ss`, or `-1` for never. */
  value: string;
  onChange(text: string): void;
}

/**
 * The calendar button beside the token's expiry: picks a day and time (to the second) and writes
 * it into the field as `yyyy-MM-dd HH:mm:ss`; the text stays editable, `-1` still means never.
 * A new pick starts from the field's date, else from now.
 */
export function TokenExpiryPicker({ value, onChange }: TokenExpiryPickerProps) {
  const { t, i18n } = useTranslation('token');
  const current = parsePlainDateTime(value);
  const picker = (
    <DatePicker
      locale={i18n.language === 'en' ? enUS : zhCN}
      value={current ?? undefined}
      defaultValue={current ?? new Date()}
      minDate={new Date()}
      maxDate={new Date(new Date().getFullYear() + 20, 11, 31)}
      timePrecision="second"
      highlightCurrentDay
      onChange={(picked) => {
        if (picked) onChange(formatPlainDateTime(picked));
      }}
    />
  );
  return (
    <PopoverNext content={picker} placement="bottom-end">
      <Button variant="minimal" icon="calendar" aria-label={t('form.expiry.pick')} />
    </PopoverNext>
  );
}
