import { FormGroup, HTMLSelect, InputGroup, Text } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../common/FormDialog';
import { showError } from '../../../common/notify';
import { type BatchError, type BatchInput, type BatchKind, batchSet, type PriceRow } from './pricing-rows';

export interface PricingBatchDialogProps {
  isOpen: boolean;
  /** The rows the values go into. */
  rows: readonly PriceRow[];
  /** The selected models among them. */
  names: readonly string[];
  onClose(): void;
  /** All rows, the selected ones given the value. */
  onApplied(rows: PriceRow[]): void;
  submitText?: string;
}

const KINDS: readonly BatchKind[] = ['price', 'ratio', 'completionRatio', 'both'];

const ERROR_KEYS = {
  noSelection: 'pricing.errors.noSelection',
  noValue: 'pricing.errors.noValue',
  noBothValues: 'pricing.errors.noBothValues',
  invalidNumber: 'pricing.errors.invalidNumber',
} as const satisfies Record<BatchError, string>;

/** Gives every selected model the same fixed price, model ratio, completion ratio or both ratios. */
export function PricingBatchDialog({ isOpen, rows, names, onClose, onApplied, submitText }: PricingBatchDialogProps) {
  const { t } = useTranslation('setting');
  const [input, setInput] = useState<BatchInput>({ kind: 'price', value: '', completionValue: '' });
  useEffect(() => {
    if (isOpen) setInput({ kind: 'price', value: '', completionValue: '' });
  }, [isOpen]);
  const set = (patch: Partial<BatchInput>) => setInput((current) => ({ ...current, ...patch }));

  const submit = () => {
    const result = batchSet(rows, names, input);
    if ('error' in result) {
      showError(t(ERROR_KEYS[result.error]));
      return;
    }
    onApplied(result.rows);
    onClose();
  };

  const valueLabel: Record<BatchKind, string> = {
    price: t('pricing.fields.price'),
    ratio: t('pricing.fields.ratio'),
    completionRatio: t('pricing.fields.completionRatio'),
    both: t('pricing.fields.ratio'),
  };

  return (
    <FormDialog
      title={t('pricing.batch.title')}
      icon="multi-select"
      isOpen={isOpen}
      onClose={onClose}
      submitText={submitText ?? t('pricing.batch.submit')}
      onSubmit={submit}
    >
      <Text className="mg-pricing-batch-summary">{t('pricing.batch.summary', { count: names.length })}</Text>
      <FormGroup label={t('pricing.batch.kind')} labelFor="pricing-batch-kind">
        <HTMLSelect
          id="pricing-batch-kind"
          fill
          value={input.kind}
          options={KINDS.map((kind) => ({ value: kind, label: t(`pricing.batch.kinds.${kind}`) }))}
          onChange={(event) => set({ kind: event.currentTarget.value as BatchKind })}
        />
      </FormGroup>
      <FormGroup label={valueLabel[input.kind]} labelFor="pricing-batch-value">
        <InputGroup
          id="pricing-batch-value"
          inputMode="decimal"
          placeholder={t('pricing.batch.value')}
          value={input.value}
          onValueChange={(value) => set({ value })}
        />
      </FormGroup>
      {input.kind === 'both' && (
        <FormGroup label={t('pricing.fields.completionRatio')} labelFor="pricing-batch-completion">
          <InputGroup
            id="pricing-batch-completion"
            inputMode="decimal"
            placeholder={t('pricing.batch.value')}
            value={input.completionValue}
            onValueChange={(completionValue) => set({ completionValue })}
          />
        </FormGroup>
      )}
    </FormDialog>
  );
}
