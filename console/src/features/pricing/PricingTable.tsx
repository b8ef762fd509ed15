import { Checkbox, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import type { PricingRow } from './pricing-api';
import { formatDollars, groupRatioIntent, isAvailable, modelPriceOf, QUOTA_TYPE_PER_CALL } from './pricing-math';

export interface PricingTableProps {
  rows: PricingRow[];
  group: string;
  groupRatio: number;
  selected: ReadonlySet<string>;
  onSelectedChange(selected: Set<string>): void;
}

function PriceCell({ row, groupRatio }: { row: PricingRow; groupRatio: number }) {
  const { t } = useTranslation('pricing');
  const price = modelPriceOf(row, groupRatio);
  if (price.kind === 'perCall') return <span>{t('price.perCall', { price: formatDollars(price.price) })}</span>;
  return (
    <div className="mg-pricing-lines">
      <span>{t('price.input', { price: formatDollars(price.input) })}</span>
      <span>{t('price.completion', { price: formatDollars(price.completion) })}</span>
    </div>
  );
}

/** Every priced model on one page, with row selection (spec §2 "Pricing page"). */
export function PricingTable({ rows, group, groupRatio, selected, onSelectedChange }: PricingTableProps) {
  const { t } = useTranslation('pricing');
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.model_name));
  const someSelected = rows.some((row) => selected.has(row.model_name));
  const toggleAll = () => {
    const next = new Set(selected);
    for (const row of rows) {
      if (allSelected) next.delete(row.model_name);
      else next.add(row.model_name);
    }
    onSelectedChange(next);
  };
  const toggle = (name: string) => {
    const next = new Set(selected);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    onSelectedChange(next);
  };
  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive compact className="mg-pricing-table">
        <thead>
          <tr>
            <th>
              <Checkbox
                className="mg-pricing-check"
                aria-label={t('table.selectAll')}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={toggleAll}
              />
            </th>
            <th>{t('column.availability')}</th>
            <th>{t('column.model')}</th>
            <th>{t('column.billing')}</th>
            <th>{t('column.ratio')}</th>
            <th>{t('column.price')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const available = isAvailable(row, group);
            const perCall = row.quota_type === QUOTA_TYPE_PER_CALL;
            return (
              <tr key={row.model_name} data-testid={`pricing-${row.model_name}`}>
                <td>
                  <Checkbox
                    className="mg-pricing-check"
                    aria-label={t('table.select', { model: row.model_name })}
                    checked={selected.has(row.model_name)}
                    onChange={() => toggle(row.model_name)}
                  />
                </td>
                <td>
                  <Icon
                    icon={available ? 'tick-circle' : 'disable'}
                    intent={available ? Intent.SUCCESS : Intent.NONE}
                    title={t(available ? 'availability.available' : 'availability.unavailable', { group })}
                  />
                </td>
                <td>
                  <Tag interactive minimal icon="duplicate" onClick={() => void copyWithFeedback(row.model_name)}>
                    {row.model_name}
                  </Tag>
                </td>
                <td>
                  <Tag minimal intent={perCall ? Intent.PRIMARY : Intent.SUCCESS}>
                    {t(perCall ? 'billing.perCall' : 'billing.usage')}
                  </Tag>
                </td>
                <td>
                  <div className="mg-pricing-lines">
                    {!perCall && <span>{t('ratio.model', { ratio: row.model_ratio })}</span>}
                    {!perCall && <span>{t('ratio.completion', { ratio: row.completion_ratio })}</span>}
                    <span>
                      {t('ratio.group')}{' '}
                      <Tag minimal round intent={groupRatioIntent(groupRatio)}>
                        {groupRatio}x
                      </Tag>
                    </span>
                  </div>
                </td>
                <td>
                  <PriceCell row={row} groupRatio={groupRatio} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
