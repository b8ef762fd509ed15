import { Card, H2, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { renderNumber, renderQuota } from '../../common/quota';
import { useGetSelfQuery } from '../account/self-api';

/** The user's balance, what they have used and how many requests they made. */
export function BalanceCard() {
  const { t } = useTranslation('wallet');
  const display = useQuotaDisplay();
  // Calls spend the balance between visits: read it afresh whenever the wallet opens.
  const { data: self, isLoading } = useGetSelfQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <Card className="mg-balance-card" aria-label={t('balance.title')}>
      {isLoading || !self ? (
        <Spinner size={SpinnerSize.SMALL} />
      ) : (
        <dl className="mg-balance-figures">
          <div>
            <dt>{t('balance.current')}</dt>
            <dd>
              <H2 data-testid="balance-quota">{renderQuota(self.quota, display)}</H2>
            </dd>
          </div>
          <div>
            <dt>{t('balance.used')}</dt>
            <dd data-testid="balance-used">{renderQuota(self.used_quota, display)}</dd>
          </div>
          <div>
            <dt>{t('balance.requests')}</dt>
            <dd data-testid="balance-requests">{renderNumber(self.request_count)}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
