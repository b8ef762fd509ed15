import { FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../common/FormDialog';
import { showError, showSuccess } from '../../../common/notify';
import { addRow, type AddRowError, type PriceMode, type PriceRow } from './pricing-rows';

export interface PricingAddDialogProps {
  isOpen: boolean;
  rows: readonly PriceRow[];
  onClose(): void;
  onAdded(rows: PriceRow[]): void;
}

const EMPTY: PriceRow = { name: '', mode: 'ratio', price: '', ratio: '', completionRatio: '' };

const ERROR_KEYS = {
  emptyName: 'pricing.errors.emptyName',
  duplicate: 'pricing.errors.duplicate',
  invalidNumber: 'pricing.errors.enterNumber',
} as const satisfies Record<AddRowError, string>;

/** Adds one model to the visual editor: its name, then a fixed price or its ratios. */
export function PricingAddDialog({ isOpen, rows, onClose, onAdded }: PricingAddDialogProps) {
  const { t } = useTranslation('setting');
  const [draft, setDraft] = useState<PriceRow>(EMPTY);
  useEffect(() => {
    if (isOpen) setDraft(EMPTY);
  }, [isOpen]);
  const set = (patch: Partial<PriceRow>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = () => {
    const result = addRow(rows, draft);
    if ('error' in result) {
      showError(t(ERROR_KEYS[result.error]));
      return;
    }
    onAdded(result.rows);
    showSuccess(t('pricing.add.added'));
    onClose();
  };

  return (
    <FormDialog title={t('pricing.add.title')} icon="add" isOpen={isOpen} onClose={onClose} submitText={t('pricing.add.submit')} onSubmit={submit}>
      <FormGroup label={t('pricing.add.name')} labelFor="pricing-add-name">
        <InputGroup id="pricing-add-name" autoFocus value={draft.name} onValueChange={(name) => set({ name })} />
      </FormGroup>
      <FormGroup label={t('pricing.add.mode')}>
        <SegmentedControl
          value={draft.mode}
          options={[
            { value: 'ratio', label: t('pricing.modes.ratio') },
            { value: 'price', label: t('pricing.modes.price') },
          ]}
          onValueChange={(mode) => set({ mode: mode as PriceMode })}
        />
      </FormGroup>
      {draft.mode === 'price' ? (
        <FormGroup label={t('pricing.fields.price')} labelFor="pricing-add-price">
          <InputGroup id="pricing-add-price" inputMode="decimal" value={draft.price} onValueChange={(price) => set({ price })} />
        </FormGroup>
      ) : (
        <>
          <FormGroup label={t('pricing.fields.ratio')} labelFor="pricing-add-ratio">
            <InputGroup id="pricing-add-ratio" inputMode="decimal" value={draft.ratio} onValueChange={(ratio) => set({ ratio })} />
          </FormGroup>
          <FormGroup label={t('pricing.fields.completionRatio')} labelFor="pricing-add-completion">
            <InputGroup
              id="pricing-add-completion"
              inputMode="decimal"
              value={draft.completionRatio}
              onValueChange={(completionRatio) => set({ completionRatio })}
            />
          </FormGroup>
        </>
      )}
    </FormDialog>
  );
}
