import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../common/FormDialog';
import type { PaymentMethod } from './wallet-api';

export interface PayConfirmDialogProps {
  isOpen: boolean;
  amount: number;
  payable?: string;
  method: PaymentMethod;
  paying: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** "Top up now?": the amount, what it costs and how it is paid, before the gateway opens. */
export function PayConfirmDialog({ isOpen, amount, payable, method, paying, onConfirm, onClose }: PayConfirmDialogProps) {
  const { t } = useTranslation('wallet');
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('online.confirm.title')}
      icon="credit-card"
      submitText={t('online.confirm.pay')}
      busy={paying}
      onSubmit={onConfirm}
    >
      <HTMLTable compact className="mg-pay-summary">
        <tbody>
          <tr>
            <th>{t('online.confirm.amount')}</th>
            <td data-testid="confirm-amount">{amount}</td>
          </tr>
          <tr>
            <th>{t('online.confirm.payable')}</th>
            <td data-testid="confirm-payable">{payable ? t('online.payableValue', { amount: payable }) : '—'}</td>
          </tr>
          <tr>
            <th>{t('online.confirm.method')}</th>
            <td>{t(method === 'zfb' ? 'online.methods.zfb' : 'online.methods.wx')}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <p>{t('online.confirm.question')}</p>
    </FormDialog>
  );
}
