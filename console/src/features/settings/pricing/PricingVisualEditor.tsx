import { Alert, Button, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showInfo, showSuccess } from '../../../common/notify';
import { Pager } from '../../../common/Pager';
import { PricingAddDialog } from './PricingAddDialog';
import { PricingBatchDialog } from './PricingBatchDialog';
import { batchReset, filterRows, removeRows, updateRow } from './pricing-rows';
import type { PricingRowsState } from './pricing-state';
import { PricingTable } from './PricingTable';

/** The visual editor's page size (spec §9). */
export const PRICING_PAGE_SIZE = 10;

/**
 * The visual model-price editor: search, 10 rows a page, add, inline edits, delete, row selection
 * with batch set and batch reset (after a confirmation), and "apply changes" which writes the
 * changed options among ModelPrice, ModelRatio and CompletionRatio.
 */
export function PricingVisualEditor({ pricing }: { pricing: PricingRowsState }) {
  const { t } = useTranslation('setting');
  const { rows, setRows } = pricing;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'add' | 'batch' | 'reset' | null>(null);

  const filtered = useMemo(() => filterRows(rows, search), [rows, search]);
  const pageCount = Math.max(1, Math.ceil(filtered.length / PRICING_PAGE_SIZE));
  useEffect(() => {
    if (page >= pageCount) setPage(pageCount - 1);
  }, [page, pageCount]);
  const pageRows = filtered.slice(page * PRICING_PAGE_SIZE, (page + 1) * PRICING_PAGE_SIZE);
  // Only models still listed count as selected.
  const chosen = useMemo(() => rows.map((row) => row.name).filter((name) => selected.has(name)), [rows, selected]);

  const select = (names: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const name of names) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return next;
    });

  const openForSelection = (kind: 'batch' | 'reset') => {
    if (chosen.length === 0) showError(t(kind === 'batch' ? 'pricing.errors.noSelection' : 'pricing.errors.noResetSelection'));
    else setDialog(kind);
  };

  if (pricing.isLoading) return <Spinner size={24} />;

  return (
    <div className="mg-pricing-visual">
      <div className="mg-toolbar">
        <InputGroup
          leftIcon="search"
          type="search"
          aria-label={t('pricing.visual.search')}
          placeholder={t('pricing.visual.search')}
          value={search}
          onValueChange={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
        <Button icon="add" text={t('pricing.visual.add')} onClick={() => setDialog('add')} />
        <Button icon="multi-select" text={t('pricing.visual.batchSet', { count: chosen.length })} onClick={() => openForSelection('batch')} />
        <Button icon="reset" text={t('pricing.visual.batchReset', { count: chosen.length })} onClick={() => openForSelection('reset')} />
        <Button intent="primary" icon="floppy-disk" loading={pricing.saving} text={t('pricing.visual.save')} onClick={() => void pricing.save()} />
        {pricing.changed && <Tag intent="warning" minimal>{t('pricing.visual.unsaved')}</Tag>}
      </div>
      {pageRows.length === 0 ? (
        <NonIdealState icon="search" title={t('pricing.visual.empty')} />
      ) : (
        <PricingTable
          rows={pageRows}
          selected={selected}
          onSelect={select}
          onChange={(name, patch) => setRows((current) => updateRow(current, name, patch))}
          onDelete={(name) => {
            setRows((current) => removeRows(current, [name]));
            select([name], false);
          }}
        />
      )}
      <Pager page={page} pageSize={PRICING_PAGE_SIZE} total={filtered.length} onPageChange={setPage} />
      <PricingAddDialog isOpen={dialog === 'add'} rows={rows} onClose={() => setDialog(null)} onAdded={setRows} />
      <PricingBatchDialog
        isOpen={dialog === 'batch'}
        rows={rows}
        names={chosen}
        onClose={() => setDialog(null)}
        onApplied={(next) => {
          setRows(next);
          showSuccess(t('pricing.batch.done'));
        }}
      />
      <Alert
        isOpen={dialog === 'reset'}
        intent="danger"
        icon="reset"
        cancelButtonText={t('actions.cancel')}
        confirmButtonText={t('pricing.visual.resetButton')}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setRows((current) => batchReset(current, chosen));
          setDialog(null);
          showInfo(t('pricing.visual.resetDone'));
        }}
      >
        {t('pricing.visual.resetConfirm', { count: chosen.length })}
      </Alert>
    </div>
  );
}
