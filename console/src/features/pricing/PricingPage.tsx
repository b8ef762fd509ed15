import { Button, Callout, Card, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { copyWithFeedback } from '../../common/copy-feedback';
import { pricingApi } from './pricing-api';
import { groupRatioIntent, groupRatioOf, matchesModel } from './pricing-math';
import { PricingTable } from './PricingTable';
import './pricing.css';

const DEFAULT_GROUP = 'default';

/** `/pricing` (public): every model's price at the caller's group ratio. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const { t: tc } = useTranslation('common');
  const user = useCurrentUser();
  const { data, isLoading } = pricingApi.useGetPricingQuery();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const group = user?.group || DEFAULT_GROUP;
  const ratio = groupRatioOf(data?.groupRatio ?? {}, group);
  const rows = useMemo(() => (data?.rows ?? []).filter((row) => matchesModel(row.model_name, search)), [data, search]);

  // Models are copied one per line, in table order.
  const copySelected = () => {
    const names = (data?.rows ?? []).map((row) => row.model_name).filter((name) => selected.has(name));
    void copyWithFeedback(names.join('\n'), t('messages.copiedSelected', { count: names.length }));
  };

  return (
    <div className="mg-pricing-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
      </div>
      <div className="mg-pricing-banners">
        {user ? (
          <Callout intent={Intent.PRIMARY} icon="people">
            {t('banner.signedIn', { group })}{' '}
            <Tag round intent={groupRatioIntent(ratio)}>
              {ratio}x
            </Tag>
          </Callout>
        ) : (
          <Callout intent={Intent.WARNING} icon="warning-sign">
            {t('banner.signedOut', { ratio })}
          </Callout>
        )}
        <Callout icon="info-sign">{t('banner.formula')}</Callout>
      </div>
      <Card>
        <div className="mg-toolbar">
          <InputGroup
            leftIcon="search"
            type="search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={search}
            onValueChange={setSearch}
          />
          <Button icon="duplicate" disabled={selected.size === 0} onClick={copySelected}>
            {t('actions.copySelected')}
          </Button>
        </div>
        {isLoading ? (
          <Spinner className="mg-pricing-spinner" />
        ) : rows.length === 0 ? (
          <NonIdealState icon="search" title={t('empty')} />
        ) : (
          <PricingTable rows={rows} group={group} groupRatio={ratio} selected={selected} onSelectedChange={setSelected} />
        )}
        <div className="mg-pager">
          <span className="mg-pager-summary">
            {tc('pager.summary', { start: rows.length === 0 ? 0 : 1, end: rows.length, total: rows.length })}
          </span>
        </div>
      </Card>
    </div>
  );
}
