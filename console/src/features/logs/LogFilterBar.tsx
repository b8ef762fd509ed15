import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../common/DateTimeField';
import { fromDateTimeInput, toDateTimeInput } from './datetime-input';
import type { LogFilters } from './log-query';
import { LOG_TYPES } from './log-types';

export interface LogFilterBarProps {
  filters: LogFilters;
  admin: boolean;
  onChange(filters: LogFilters): void;
  /** The type select applies at once; everything else waits for the Query button. */
  onTypeChange(type: number): void;
  onQuery(): void;
  onReset(): void;
}

type TextFilter = 'tokenName' | 'modelName' | 'group' | 'username' | 'channel';

/** The log filters: type, token, model, group, time range; username and channel for admins. */
export function LogFilterBar({ filters, admin, onChange, onTypeChange, onQuery, onReset }: LogFilterBarProps) {
  const { t } = useTranslation('log');
  const { t: tc } = useTranslation('common');
  const typeId = useId();
  const set = (patch: Partial<LogFilters>) => onChange({ ...filters, ...patch });

  const text = (name: TextFilter, label: string) => (
    <FormGroup key={name} label={label} labelFor={`${typeId}-${name}`}>
      <InputGroup
        id={`${typeId}-${name}`}
        value={filters[name]}
        placeholder={t('filters.optional')}
        inputMode={name === 'channel' ? 'numeric' : undefined}
        onValueChange={(value) => set({ [name]: value })}
      />
    </FormGroup>
  );

  return (
    <form
      className="mg-toolbar mg-log-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onQuery();
      }}
    >
      <FormGroup label={t('filters.type')} labelFor={typeId}>
        <HTMLSelect
          id={typeId}
          value={filters.type}
          onChange={(event) => onTypeChange(Number(event.currentTarget.value))}
          options={[0, ...LOG_TYPES].map((type) => ({ value: type, label: t(`types.${type as 0 | 1 | 2 | 3 | 4}`) }))}
        />
      </FormGroup>
      {text('tokenName', t('filters.tokenName'))}
      {text('modelName', t('filters.modelName'))}
      {text('group', t('filters.group'))}
      {admin && text('username', t('filters.username'))}
      {admin && text('channel', t('filters.channel'))}
      <DateTimeField label={t('filters.start')} value={fromDateTimeInput(filters.start)} onChange={(date) => set({ start: date ? toDateTimeInput(date) : '' })} />
      <DateTimeField label={t('filters.end')} value={fromDateTimeInput(filters.end)} onChange={(date) => set({ end: date ? toDateTimeInput(date) : '' })} />
      <FormGroup className="mg-log-filter-actions">
        <Button type="submit" intent="primary" icon="search" text={tc('actions.query')} />
        <Button variant="outlined" icon="reset" text={tc('actions.reset')} onClick={onReset} />
      </FormGroup>
    </form>
  );
}
