import { Callout } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wholeNumber } from '../operation/operation-fields';
import type { OptionField } from '../form/option-fields';
import { OptionSection } from '../form/OptionSection';
import '../operation/operation-tab.css';

/**
 * Per-user model request limits (spec §3, §5, §9): within each period a user may send at most
 * `Count` requests (failed ones included, 0 = no limit) and complete at most `SuccessCount`.
 */
export function rateLimitFields(t: TFunction<'setting'>): OptionField[] {
  return [
    {
      key: 'ModelRequestRateLimitEnabled',
      kind: 'switch',
      label: t('ratelimit.enabled.label'),
      helperText: t('ratelimit.enabled.helper'),
    },
    {
      key: 'ModelRequestRateLimitDurationMinutes',
      kind: 'number',
      label: t('ratelimit.duration.label'),
      helperText: t('ratelimit.duration.helper'),
      placeholder: '1',
      min: 0,
      validate: wholeNumber(t),
    },
    {
      key: 'ModelRequestRateLimitCount',
      kind: 'number',
      label: t('ratelimit.count.label'),
      helperText: t('ratelimit.count.helper'),
      placeholder: '0',
      min: 0,
      validate: wholeNumber(t),
    },
    {
      key: 'ModelRequestRateLimitSuccessCount',
      kind: 'number',
      label: t('ratelimit.successCount.label'),
      helperText: t('ratelimit.successCount.helper'),
      placeholder: '1000',
      min: 1,
      validate: wholeNumber(t),
    },
  ];
}

/**
 * The queue a request waits in when every channel it may use is at its concurrency cap (ours,
 * docs/adr/0025): how long it may wait and how many may wait per channel.
 */
export function channelQueueFields(t: TFunction<'setting'>): OptionField[] {
  return [
    {
      key: 'ChannelQueueTimeoutSeconds',
      kind: 'number',
      label: t('ratelimit.queueTimeout.label'),
      helperText: t('ratelimit.queueTimeout.helper'),
      placeholder: '30',
      min: 0,
      validate: wholeNumber(t),
    },
    {
      key: 'ChannelQueueMaxWaiting',
      kind: 'number',
      label: t('ratelimit.queueMaxWaiting.label'),
      helperText: t('ratelimit.queueMaxWaiting.helper'),
      placeholder: '100',
      min: 0,
      validate: wholeNumber(t),
    },
  ];
}

/** The rate-limit tab: the model request limits, and the queue of channels at their caps. */
export function RateLimitTab() {
  const { t } = useTranslation('setting');
  const fields = useMemo(() => rateLimitFields(t), [t]);
  const queueFields = useMemo(() => channelQueueFields(t), [t]);
  return (
    <div className="mg-ratelimit-tab">
      <OptionSection title={t('ratelimit.title')} fields={fields}>
        <Callout icon="info-sign" compact className="mg-rows-table-callout">
          {t('ratelimit.explanation')}
        </Callout>
      </OptionSection>
      <OptionSection title={t('ratelimit.queueTitle')} fields={queueFields}>
        <Callout icon="info-sign" compact className="mg-rows-table-callout">
          {t('ratelimit.queueExplanation')}
        </Callout>
      </OptionSection>
    </div>
  );
}
