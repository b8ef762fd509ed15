import { Button, Checkbox, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { type ColumnChoice, choosableColumns } from './column-settings';

export interface ColumnSettingsProps {
  admin: boolean;
  choice: ColumnChoice;
  onChange(choice: ColumnChoice): void;
}

/** A popover of checkboxes choosing the log table's columns (remembered locally by the page). */
export function ColumnSettings({ admin, choice, onChange }: ColumnSettingsProps) {
  const { t } = useTranslation('log');
  const content = (
    <div className="mg-log-columns">
      {choosableColumns(admin).map((column) => (
        <Checkbox
          key={column}
          label={t(`columns.${column}`)}
          checked={choice[column] !== false}
          onChange={(event) => onChange({ ...choice, [column]: event.currentTarget.checked })}
        />
      ))}
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="outlined" icon="th-list" text={t('columns.settings')} />
    </PopoverNext>
  );
}
