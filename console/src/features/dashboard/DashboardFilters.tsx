import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../common/DateTimeField';
import { fromDateTimeInput, toDateTimeInput } from '../logs/datetime-input';
import { GRANULARITIES, type Granularity } from './dashboard-data';

export interface DashboardFilterValues {
  start: string;
  end: string;
  granularity: Granularity;
  username: string;
}

export interface DashboardFiltersProps {
  values: DashboardFilterValues;
  admin: boolean;
  onChange(values: DashboardFilterValues): void;
  onQuery(): void;
}

/** Time range, bucket size and (for admins) one user. */
export function DashboardFilters({ values, admin, onChange, onQuery }: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const set = (patch: Partial<DashboardFilterValues>) => onChange({ ...values, ...patch });
  return (
    <form
      className="mg-toolbar mg-dashboard-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onQuery();
      }}
    >
      <DateTimeField label={t('filters.start')} value={fromDateTimeInput(values.start)} onChange={(date) => set({ start: date ? toDateTimeInput(date) : '' })} />
      <DateTimeField label={t('filters.end')} value={fromDateTimeInput(values.end)} onChange={(date) => set({ end: date ? toDateTimeInput(date) : '' })} />
      <FormGroup label={t('filters.granularity')} labelFor={`${id}-granularity`}>
        <HTMLSelect
          id={`${id}-granularity`}
          value={values.granularity}
          onChange={(event) => set({ granularity: event.currentTarget.value as Granularity })}
          options={GRANULARITIES.map((value) => ({ value, label: t(`granularity.${value}`) }))}
        />
      </FormGroup>
      {admin && (
        <FormGroup label={t('filters.username')} labelFor={`${id}-username`}>
          <InputGroup
            id={`${id}-username`}
            value={values.username}
            placeholder={t('filters.usernamePlaceholder')}
            onValueChange={(username) => set({ username })}
          />
        </FormGroup>
      )}
      <FormGroup>
        <Button type="submit" intent="primary" icon="search" text={tc('actions.query')} />
      </FormGroup>
    </form>
  );
}
