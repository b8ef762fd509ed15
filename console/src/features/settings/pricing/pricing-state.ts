import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useState } from 'react';
import i18n from '../../../i18n';
import { showError, showInfo, showSuccess } from '../../../common/notify';
import { sendChanges } from '../form/option-changes';
import { invalidRows, planPriceChanges, PRICE_OPTION_KEYS, type PriceOptionKey, type PriceRow, rowsFromOptions } from './pricing-rows';
import { useGetOptionsQuery, useUpdateOptionMutation } from '../form/settings-api';

export interface PricingRowsState {
  rows: PriceRow[];
  setRows: Dispatch<SetStateAction<PriceRow[]>>;
  /** Whether the rows differ from what is stored. */
  changed: boolean;
  isLoading: boolean;
  saving: boolean;
  /** Writes the changed options among ModelPrice, ModelRatio and CompletionRatio, one call each. */
  save(): Promise<void>;
}

/**
 * The visual editor's rows, shared by the visual editor and the unset-models list: built from the
 * stored options (and rebuilt whenever they change, e.g. after a save or a JSON edit).
 */
export function usePricingRows(): PricingRowsState {
  const { data, isLoading } = useGetOptionsQuery();
  const [update] = useUpdateOptionMutation();
  const [price, ratio, completion] = PRICE_OPTION_KEYS.map((key) => data?.[key] ?? '');
  const stored = useMemo<Record<PriceOptionKey, string>>(
    () => ({ ModelPrice: price, ModelRatio: ratio, CompletionRatio: completion }),
    [price, ratio, completion],
  );
  const [rows, setRows] = useState<PriceRow[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(rowsFromOptions(stored)), [stored]);

  const changes = useMemo(() => planPriceChanges(stored, rows), [stored, rows]);

  const save = useCallback(async () => {
    if (invalidRows(rows).length > 0) {
      showError(i18n.t('setting:pricing.errors.enterNumber'));
      return;
    }
    setSaving(true);
    const { outcome } = await sendChanges(changes, (change) => update(change).unwrap());
    setSaving(false);
    if (outcome === 'unchanged') showInfo(i18n.t('setting:messages.unchanged'));
    if (outcome === 'saved') showSuccess(i18n.t('setting:messages.saved'));
    if (outcome === 'partial') showError(i18n.t('setting:messages.partiallySaved'));
    if (outcome === 'failed') showError(i18n.t('setting:messages.saveFailed'));
  }, [changes, rows, update]);

  return { rows, setRows, changed: changes.length > 0, isLoading, saving, save };
}
