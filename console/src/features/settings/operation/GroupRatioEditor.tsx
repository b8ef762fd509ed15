import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_RATIOS, USABLE_GROUPS } from './operation-json';
import { jsonTableOption, type JsonTableField, OperationJsonSection } from './OperationJsonSection';

/**
 * Group settings: `GroupRatio` (group → price multiplier) and `UserUsableGroups` (the groups
 * users may pick for a token, group → description), each as a table and as JSON.
 */
export function GroupRatioEditor() {
  const { t } = useTranslation('setting');
  const tables = useMemo<JsonTableField[]>(
    () => [
      {
        key: 'GroupRatio',
        label: t('operation.groups.ratio.label'),
        helperText: t('operation.groups.ratio.helper'),
        shape: GROUP_RATIOS,
        nameHeader: t('operation.groups.group'),
        valueHeader: t('operation.groups.ratio.column'),
        valuePlaceholder: '1',
      },
      {
        key: 'UserUsableGroups',
        label: t('operation.groups.usable.label'),
        helperText: t('operation.groups.usable.helper'),
        shape: USABLE_GROUPS,
        nameHeader: t('operation.groups.group'),
        valueHeader: t('operation.groups.usable.column'),
      },
    ],
    [t],
  );
  const fields = useMemo(() => tables.map(jsonTableOption), [tables]);
  return <OperationJsonSection title={t('operation.groups.title')} fields={fields} tables={tables} />;
}
