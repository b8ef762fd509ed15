import { Button, ControlGroup, FormGroup, InputGroup, Intent, Section, SectionCard } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-error';
import { reportFailure } from '../../app/api-error-messages';
import { reportFailuresInScreen } from '../../app/error-middleware';
import { usePublicStatus, useQuotaDisplay } from '../../app/status-api';
import { showError, showSuccess } from '../../common/notify';
import { renderQuota } from '../../common/quota';
import { useRedeemCodeMutation } from './wallet-api';

// A refused code is told here, with the server's reason or a generic 请求失败.
reportFailuresInScreen('redeemCode');

/** Redeems a code into the balance; links to where codes are sold when the admin set one. */
export function RedeemSection() {
  const { t } = useTranslation('wallet');
  const status = usePublicStatus();
  const display = useQuotaDisplay();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [redeem, { isLoading }] = useRedeemCodeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = code.trim();
    if (!key) {
      setError(t('redeem.codeRequired'));
      return;
    }
    try {
      const quota = await redeem(key).unwrap();
      setCode('');
      showSuccess(t('redeem.succeeded', { quota: renderQuota(quota, display) }));
    } catch (failure) {
      if (!isApiError(failure)) showError(t('redeem.failed'));
      else if (failure.status === 'rejected') showError(failure.message || t('redeem.failed'));
      else reportFailure(failure);
    }
  };

  const openShop = () => {
    if (!status.top_up_link) {
      showError(t('redeem.noLink'));
      return;
    }
    window.open(status.top_up_link, '_blank', 'noopener,noreferrer');
  };

  return (
    <Section title={t('redeem.title')} icon="barcode">
      <SectionCard>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <FormGroup
            label={t('redeem.codeLabel')}
            labelFor="redeem-code"
            helperText={error}
            intent={error ? Intent.DANGER : Intent.NONE}
          >
            <ControlGroup fill className="mg-redeem-row">
              <InputGroup
                id="redeem-code"
                fill
                placeholder={t('redeem.codePlaceholder')}
                intent={error ? Intent.DANGER : Intent.NONE}
                value={code}
                onValueChange={(value) => {
                  setCode(value);
                  setError(undefined);
                }}
              />
              <Button type="submit" intent={Intent.PRIMARY} loading={isLoading} text={t('redeem.submit')} />
            </ControlGroup>
          </FormGroup>
          {/* Only where the admin has set a shop to get codes from. */}
          {status.top_up_link && <Button variant="outlined" icon="shopping-cart" text={t('redeem.buy')} onClick={openShop} />}
        </form>
      </SectionCard>
    </Section>
  );
}
