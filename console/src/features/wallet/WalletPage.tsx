import { H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BalanceCard } from './BalanceCard';
import { OnlineTopUpSection } from './OnlineTopUpSection';
import { RedeemSection } from './RedeemSection';
import './wallet.css';

/** `/topup`: the balance, redeeming a code and paying online (spec §2 "Wallet"). */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  return (
    <div className="mg-wallet">
      <div className="mg-page-header">
        <H3>{t('title')}</H3>
      </div>
      <BalanceCard />
      <RedeemSection />
      <OnlineTopUpSection />
    </div>
  );
}
