import { Button, Callout, Checkbox, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../common/notify';
import { Pager } from '../../../common/Pager';
import { useGetEnabledModelsForPricingQuery } from './pricing-api';
import { PricingBatchDialog } from './PricingBatchDialog';
import { type PriceRow, unsetModels } from './pricing-rows';
import { PRICING_PAGE_SIZE } from './PricingVisualEditor';

export interface UnsetModelsPanelProps {
  /** The visual editor's rows (what counts as set). */
  rows: readonly PriceRow[];
  /** The models given a price or ratios here, as rows for the visual editor. */
  onAdd(rows: PriceRow[]): void;
}

const emptyRow = (name: string): PriceRow => ({ name, mode: 'ratio', price: '', ratio: '', completionRatio: '' });

/**
 * Models enabled on some channel that have neither a fixed price nor a model ratio: select some,
 * give them a price or ratios, and they join the visual editor (saved with its "apply changes").
 */
export function UnsetModelsPanel({ rows, onAdd }: UnsetModelsPanelProps) {
  const { t } = useTranslation('setting');
  const { data: enabled, isLoading, isError, refetch } = useGetEnabledModelsForPricingQuery();
  const models = useMemo(() => unsetModels(enabled ?? [], rows), [enabled, rows]);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [setting, setSetting] = useState(false);

  const pageCount = Math.max(1, Math.ceil(models.length / PRICING_PAGE_SIZE));
  useEffect(() => {
    if (page >= pageCount) setPage(pageCount - 1);
  }, [page, pageCount]);
  const chosen = models.filter((name) => selected.has(name));
  const pageModels = models.slice(page * PRICING_PAGE_SIZE, (page + 1) * PRICING_PAGE_SIZE);
  const pageChosen = pageModels.filter((name) => selected.has(name)).length;

  const select = (names: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const name of names) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return next;
    });

  if (isLoading) return <Spinner size={24} />;
  if (isError) {
    return (
      <NonIdealState
        icon="error"
        title={t('pricing.unset.loadFailed')}
        action={<Button icon="refresh" text={t('pricing.unset.retry')} onClick={() => void refetch()} />}
      />
    );
  }

  return (
    <div className="mg-pricing-unset">
      <Callout intent="primary" icon="info-sign" className="mg-pricing-notice">
        {t('pricing.unset.notice')}
      </Callout>
      {models.length === 0 ? (
        <NonIdealState icon="tick-circle" title={t('pricing.unset.empty')} />
      ) : (
        <>
          <div className="mg-toolbar">
            <span className="bp6-text-muted">{t('pricing.unset.selected', { count: chosen.length })}</span>
            <Button
              intent="primary"
              icon="add-to-artifact"
              text={t('pricing.unset.add')}
              onClick={() => (chosen.length === 0 ? showError(t('pricing.errors.noSelection')) : setSetting(true))}
            />
          </div>
          <div className="mg-table-scroll">
            <HTMLTable striped interactive compact className="mg-pricing-table">
              <thead>
                <tr>
                  <th>
                    <Checkbox
                      aria-label={t('pricing.visual.selectPage')}
                      checked={pageChosen === pageModels.length}
                      indeterminate={pageChosen > 0 && pageChosen < pageModels.length}
                      onChange={(event) => select(pageModels, event.currentTarget.checked)}
                    />
                  </th>
                  <th>{t('pricing.visual.columns.name')}</th>
                </tr>
              </thead>
              <tbody>
                {pageModels.map((name) => (
                  <tr key={name}>
                    <td>
                      <Checkbox
                        aria-label={t('pricing.visual.selectRow', { name })}
                        checked={selected.has(name)}
                        onChange={(event) => select([name], event.currentTarget.checked)}
                      />
                    </td>
                    <td className="mg-pricing-name">{name}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <Pager page={page} pageSize={PRICING_PAGE_SIZE} total={models.length} onPageChange={setPage} />
        </>
      )}
      <PricingBatchDialog
        isOpen={setting}
        rows={chosen.map((name) => rows.find((row) => row.name === name) ?? emptyRow(name))}
        names={chosen}
        submitText={t('pricing.unset.add')}
        onClose={() => setSetting(false)}
        onApplied={(given) => {
          onAdd(given);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
