import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { MAX_QUOTA } from '@modelgate/contracts/api-bounds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { FormDialog } from '../../common/FormDialog';
import { renderQuota } from '../../common/quota';
import { parseQuota } from './user-edit-form';

export interface AddQuotaDialogProps {
  /** The balance now in the editor. */
  current: number;
  onApply(total: number): void;
  onClose(): void;
}

/**
 * Adds an amount (negative deducts) to the balance in the editor: shows the resulting total
 * and writes it into the quota field; nothing is saved until the editor is submitted.
 */
export function AddQuotaDialog({ current, onApply, onClose }: AddQuotaDialogProps) {
  const { t } = useTranslation('user');
  const display = useQuotaDisplay();
  const [amount, setAmount] = useState('');
  const [shown, setShown] = useState(false);
  const delta = parseQuota(amount);
  const total = delta === null ? null : current + delta;
  // What is wrong with the amount typed so far (shown at once, not only on OK).
  const problem =
    amount.trim() === ''
      ? null
      : delta === null
        ? t('validation.amountRange', { max: MAX_QUOTA })
        : total !== null && total < 0
          ? t('validation.balanceNegative', { current })
          : total !== null && total > MAX_QUOTA
            ? t('validation.balanceRange', { max: MAX_QUOTA })
            : null;
  const error = problem ?? (shown && amount.trim() === '' ? t('validation.amountRange', { max: MAX_QUOTA }) : null);

  const apply = () => {
    if (problem !== null || total === null) {
      setShown(true);
      return;
    }
    onApply(total);
  };

  return (
    <FormDialog isOpen title={t('addQuota.title')} icon="plus" submitText={t('addQuota.apply')} onClose={onClose} onSubmit={apply}>
      <FormGroup
        label={t('addQuota.amount')}
        labelFor="add-quota-amount"
        helperText={error ?? t('addQuota.hint')}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="add-quota-amount"
          autoFocus
          inputMode="numeric"
          intent={error ? Intent.DANGER : Intent.NONE}
          placeholder={t('addQuota.placeholder')}
          value={amount}
          onValueChange={(text) => {
            setAmount(text);
            setShown(false);
          }}
        />
      </FormGroup>
      <p className="mg-add-quota-preview" data-testid="add-quota-preview">
        {total === null || problem !== null
          ? t('addQuota.previewEmpty', { current, rendered: renderQuota(current, display) })
          : t('addQuota.preview', { current, delta: delta ?? 0, total, rendered: renderQuota(total, display) })}
      </p>
    </FormDialog>
  );
}
