import { Button, Checkbox, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHANNEL_COLUMNS, type ChannelColumnChoice } from './channel-columns';

export interface ChannelColumnSettingsProps {
  choice: ChannelColumnChoice;
  onChange(choice: ChannelColumnChoice): void;
}

/** A popover choosing the channel table's columns: all, each one, or reset (remembered by the page). */
export function ChannelColumnSettings({ choice, onChange }: ChannelColumnSettingsProps) {
  const { t } = useTranslation('channel');
  const shown = CHANNEL_COLUMNS.filter((column) => choice[column] !== false).length;
  const content = (
    <div className="mg-channel-columns">
      <Checkbox
        label={t('list.columnSettings.all')}
        checked={shown === CHANNEL_COLUMNS.length}
        indeterminate={shown > 0 && shown < CHANNEL_COLUMNS.length}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          onChange(Object.fromEntries(CHANNEL_COLUMNS.map((column) => [column, on])));
        }}
      />
      {CHANNEL_COLUMNS.map((column) => (
        <Checkbox
          key={column}
          label={t(`list.columns.${column}`)}
          checked={choice[column] !== false}
          onChange={(event) => onChange({ ...choice, [column]: event.currentTarget.checked })}
        />
      ))}
      <Button size="small" variant="minimal" icon="reset" text={t('list.columnSettings.reset')} onClick={() => onChange({})} />
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="outlined" icon="th-list" text={t('list.columnSettings.button')} />
    </PopoverNext>
  );
}
