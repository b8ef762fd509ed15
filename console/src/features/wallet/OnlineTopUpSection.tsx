import { Button, Callout, FormGroup, Intent, NumericInput, Section, SectionCard, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../../app/status-api';
import { showError } from '../../common/notify';
import { PayConfirmDialog } from './PayConfirmDialog';
import { submitPaymentForm } from './payment-form';
import { usePayableAmount } from './use-payable-amount';
import { type PaymentMethod, usePlaceTopUpOrderMutation } from './wallet-api';

/** The amount input never holds less than 1 (spec §5). */
export function forcedAmount(value: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}

/** Online top-up: an amount, its live price, and payment by Alipay or WeChat Pay through the gateway. */
export function OnlineTopUpSection() {
  const { t } = useTranslation('wallet');
  const status = usePublicStatus();
  // Amounts are dollars in currency mode, quota units otherwise; the minimum follows.
  const minimum = status.display_in_currency ? status.min_topup : status.min_topup * status.quota_per_unit;
  const [amount, setAmount] = useState(() => Math.max(1, minimum));
  const [edited, setEdited] = useState(false);
  // Until the user types, the amount follows the minimum (the status may arrive after the page).
  useEffect(() => {
    if (!edited) setAmount(Math.max(1, minimum));
  }, [edited, minimum]);
  const [method, setMethod] = useState<PaymentMethod>('zfb');
  const [confirming, setConfirming] = useState(false);
  const belowMinimum = amount < minimum;
  const { payable, error, pending } = usePayableAmount(amount, status.enable_online_topup && !belowMinimum);
  const [placeOrder, { isLoading: paying }] = usePlaceTopUpOrderMutation();

  const startPayment = (chosen: PaymentMethod) => {
    if (!status.enable_online_topup) {
      showError(t('online.disabled'));
      return;
    }
    if (belowMinimum) {
      showError(t('online.belowMinimum', { minimum }));
      return;
    }
    setMethod(chosen);
    setConfirming(true);
  };

  const pay = async () => {
    try {
      const form = await placeOrder({ amount, top_up_code: '', payment_method: method }).unwrap();
      setConfirming(false);
      submitPaymentForm(form);
    } catch {
      // The error middleware has shown the server's reason; the dialog stays for another try.
    }
  };

  const payableText = pending ? (
    <Spinner size={SpinnerSize.SMALL} />
  ) : error ? (
    <span className="mg-payable-error">{t('online.quoteError', { detail: error })}</span>
  ) : payable ? (
    <span>{t('online.payableValue', { amount: payable })}</span>
  ) : (
    '—'
  );

  return (
    <Section title={t('online.title')} icon="credit-card">
      <SectionCard>
        {!status.enable_online_topup && (
          <Callout intent={Intent.WARNING} className="mg-wallet-callout">
            {t('online.disabled')}
          </Callout>
        )}
        <FormGroup
          label={t('online.amountLabel')}
          labelFor="topup-amount"
          helperText={belowMinimum ? t('online.belowMinimum', { minimum }) : undefined}
          intent={belowMinimum ? Intent.DANGER : Intent.NONE}
        >
          <NumericInput
            id="topup-amount"
            fill
            disabled={!status.enable_online_topup}
            min={1}
            stepSize={1}
            minorStepSize={null}
            selectAllOnFocus
            placeholder={t('online.amountPlaceholder', { minimum })}
            value={amount}
            onValueChange={(value) => {
              setEdited(true);
              setAmount(forcedAmount(value));
            }}
          />
        </FormGroup>
        <div className="mg-payable" data-testid="payable">
          <strong>{t('online.payableLabel')}</strong> {payableText}
        </div>
        {/* With online top-up off the callout says why; nothing here may look payable. */}
        <div className="mg-toolbar">
          <Button icon="credit-card" intent={Intent.PRIMARY} disabled={!status.enable_online_topup} text={t('online.methods.zfb')} onClick={() => startPayment('zfb')} />
          <Button icon="mobile-phone" intent={Intent.SUCCESS} disabled={!status.enable_online_topup} text={t('online.methods.wx')} onClick={() => startPayment('wx')} />
        </div>
      </SectionCard>
      <PayConfirmDialog
        isOpen={confirming}
        amount={amount}
        payable={payable}
        method={method}
        paying={paying}
        onConfirm={() => void pay()}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}
