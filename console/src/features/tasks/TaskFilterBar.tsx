import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toUnixSeconds } from '../../common/dates';
import { DateTimeField } from '../../common/DateTimeField';
import type { TaskQueryParams } from './task-api';

/** The filters both task logs share: channel (admins), task id, submit-time range. */
export interface TaskFilter {
  channelId: string;
  taskId: string;
  start: Date | null;
  end: Date | null;
}

/** The query values of a filter; `idParam` is the task-id parameter's name (`mj_id` or `task_id`). */
export function taskFilterParams(filter: TaskFilter, admin: boolean, idParam: 'mj_id' | 'task_id'): TaskQueryParams {
  return {
    [idParam]: filter.taskId.trim(),
    channel_id: admin ? filter.channelId.trim() : undefined,
    start_timestamp: filter.start ? toUnixSeconds(filter.start) : undefined,
    end_timestamp: filter.end ? toUnixSeconds(filter.end) : undefined,
  };
}

export interface TaskFilterBarProps {
  admin: boolean;
  value: TaskFilter;
  onChange(value: TaskFilter): void;
  onQuery(): void;
  loading: boolean;
}

export function TaskFilterBar({ admin, value, onChange, onQuery, loading }: TaskFilterBarProps) {
  const { t } = useTranslation('task');
  const { t: tc } = useTranslation('common');
  const set = (patch: Partial<TaskFilter>) => onChange({ ...value, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onQuery();
  };
  return (
    <form className="mg-toolbar" onSubmit={submit}>
      {admin && (
        <FormGroup label={t('filter.channelId')} labelFor="task-filter-channel">
          <InputGroup
            id="task-filter-channel"
            inputMode="numeric"
            value={value.channelId}
            onValueChange={(channelId) => set({ channelId: channelId.replace(/\D/g, '') })}
          />
        </FormGroup>
      )}
      <FormGroup label={t('filter.taskId')} labelFor="task-filter-id">
        <InputGroup id="task-filter-id" value={value.taskId} onValueChange={(taskId) => set({ taskId })} />
      </FormGroup>
      <DateTimeField id="task-filter-start" label={t('filter.start')} value={value.start} onChange={(start) => set({ start })} />
      <DateTimeField id="task-filter-end" label={t('filter.end')} value={value.end} onChange={(end) => set({ end })} />
      <FormGroup label={<>&nbsp;</>}>
        <Button type="submit" intent={Intent.PRIMARY} icon="search" loading={loading}>
          {tc('actions.query')}
        </Button>
      </FormGroup>
    </form>
  );
}
