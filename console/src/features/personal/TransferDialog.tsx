import { FormGroup, Intent, NumericInput } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { FormDialog } from '../../common/FormDialog';
import { showSuccess } from '../../common/notify';
import { renderQuota } from '../../common/quota';
import { useTransferAffQuotaMutation } from './personal-api';

export interface TransferDialogProps {
  isOpen: boolean;
  /** Invitation earnings not yet moved, in quota units. */
  available: number;
  onClose(): void;
}

/** Moves invitation earnings (quota units, at least one currency unit's worth) into the balance. */
export function TransferDialog({ isOpen, available, onClose }: TransferDialogProps) {
  const { t } = useTranslation('personal');
  const display = useQuotaDisplay();
  const minimum = display.quotaPerUnit;
  const [amount, setAmount] = useState(minimum);
  const [error, setError] = useState<string>();
  const [transfer, { isLoading }] = useTransferAffQuotaMutation();

  useEffect(() => {
    if (isOpen) {
      setAmount(Math.max(minimum, available));
      setError(undefined);
    }
  }, [isOpen, available, minimum]);

  const submit = async () => {
    if (!Number.isSafeInteger(amount) || amount < minimum) {
      setError(t('invite.transferDialog.minimum', { amount: renderQuota(minimum, display) }));
      return;
    }
    try {
      await transfer(amount).unwrap();
      showSuccess(t('invite.transferDialog.done'));
      onClose();
    } catch {
      // The server's reason (below the minimum, not enough earnings) was shown by the error handler.
    }
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('invite.transferDialog.title')}
      icon="exchange"
      submitText={t('invite.transfer')}
      busy={isLoading}
      onSubmit={() => void submit()}
    >
      <p>{t('invite.transferDialog.available', { amount: renderQuota(available, display) })}</p>
      <FormGroup
        label={t('invite.transferDialog.amount')}
        labelFor="transfer-amount"
        helperText={error ?? renderQuota(amount, display)}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <NumericInput
          id="transfer-amount"
          fill
          min={0}
          stepSize={minimum}
          majorStepSize={minimum * 10}
          minorStepSize={null}
          value={amount}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => {
            setAmount(Number.isFinite(value) ? Math.floor(value) : 0);
            setError(undefined);
          }}
        />
      </FormGroup>
    </FormDialog>
  );
}
