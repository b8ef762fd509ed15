import { Alert, Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../common/notify';
import { useResetModelRatiosMutation } from './pricing-api';

/** "Reset model ratios": after a confirmation, ModelRatio goes back to the built-in table. */
export function PricingResetRatios() {
  const { t } = useTranslation('setting');
  const [confirming, setConfirming] = useState(false);
  const [reset, { isLoading }] = useResetModelRatiosMutation();

  const confirm = async () => {
    setConfirming(false);
    try {
      const message = await reset().unwrap();
      showSuccess(message || t('pricing.reset.done'));
    } catch {
      // The failure's message is shown by the console's error handling.
    }
  };

  return (
    <div className="mg-pricing-reset">
      <Button intent="danger" variant="outlined" icon="reset" loading={isLoading} text={t('pricing.reset.button')} onClick={() => setConfirming(true)} />
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="warning-sign"
        cancelButtonText={t('actions.cancel')}
        confirmButtonText={t('pricing.reset.confirmButton')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        {t('pricing.reset.confirm')}
      </Alert>
    </div>
  );
}
