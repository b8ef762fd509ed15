import type { TFunction } from 'i18next';
import { renderQuota } from '../../../common/quota';
import type { OptionField } from '../form/option-fields';

type T = TFunction<'setting'>;

/** Refuses a number with a fraction (counts, seconds of a queue, quota units). */
export function wholeNumber(t: T) {
  return (value: string) => (value.trim() === '' || Number.isInteger(Number(value)) ? undefined : t('operation.validation.wholeNumber'));
}

const switchField = (key: string, label: string, helperText?: string): OptionField => ({ key, kind: 'switch', label, helperText });

/** General: links, quota unit, retries and display switches. */
export function generalFields(t: T): OptionField[] {
  return [
    { key: 'TopUpLink', kind: 'text', label: t('operation.general.topUpLink.label'), helperText: t('operation.general.topUpLink.helper'), placeholder: 'https://' },
    { key: 'general_setting.docs_link', kind: 'text', label: t('operation.general.docsLink.label'), helperText: t('operation.general.docsLink.helper'), placeholder: 'https://' },
    {
      key: 'QuotaPerUnit',
      kind: 'number',
      label: t('operation.general.quotaPerUnit.label'),
      helperText: t('operation.general.quotaPerUnit.warning'),
      validate: (value) => (value.trim() === '' || Number(value) > 0 ? undefined : t('operation.validation.aboveZero')),
    },
    { key: 'RetryTimes', kind: 'number', label: t('operation.general.retryTimes'), min: 0, validate: wholeNumber(t) },
    {
      key: 'StreamCacheQueueLength',
      kind: 'number',
      label: t('operation.general.streamCacheQueueLength.label'),
      helperText: t('operation.general.streamCacheQueueLength.helper'),
      min: 0,
      validate: wholeNumber(t),
    },
    switchField('DisplayInCurrencyEnabled', t('operation.general.displayInCurrency')),
    switchField('DisplayTokenStatEnabled', t('operation.general.displayTokenStat')),
    switchField('DefaultCollapseSidebar', t('operation.general.defaultCollapseSidebar')),
    switchField('DemoSiteEnabled', t('operation.general.demoSite')),
    switchField('SelfUseModeEnabled', t('operation.general.selfUseMode.label'), t('operation.general.selfUseMode.helper')),
  ];
}

export function drawingFields(t: T): OptionField[] {
  return [
    switchField('DrawingEnabled', t('operation.drawing.enabled')),
    switchField('MjNotifyEnabled', t('operation.drawing.notify')),
    switchField('MjAccountFilterEnabled', t('operation.drawing.accountFilter')),
    switchField('MjForwardUrlEnabled', t('operation.drawing.forwardUrl')),
    switchField('MjModeClearEnabled', t('operation.drawing.modeClear')),
    switchField('MjActionCheckSuccessEnabled', t('operation.drawing.actionCheckSuccess')),
  ];
}

export function sensitiveFields(t: T): OptionField[] {
  return [
    switchField('CheckSensitiveEnabled', t('operation.sensitive.enabled')),
    switchField('CheckSensitiveOnPromptEnabled', t('operation.sensitive.onPrompt')),
    switchField('CheckSensitiveOnCompletionEnabled', t('operation.sensitive.onCompletion')),
    switchField('StopOnSensitiveEnabled', t('operation.sensitive.stop')),
    { key: 'SensitiveWords', kind: 'textarea', label: t('operation.sensitive.words.label'), helperText: t('operation.sensitive.words.helper') },
  ];
}

export function logFields(t: T): OptionField[] {
  return [
    switchField('LogConsumeEnabled', t('operation.logs.consumeEnabled')),
    {
      key: 'LogRetentionDays',
      kind: 'number',
      label: t('operation.logs.retention.label'),
      helperText: t('operation.logs.retention.helper'),
      min: 0,
      validate: wholeNumber(t),
    },
  ];
}

export function dashboardFields(t: T): OptionField[] {
  return [
    switchField('DataExportEnabled', t('operation.dashboard.enabled')),
    {
      key: 'DataExportInterval',
      kind: 'number',
      label: t('operation.dashboard.interval.label'),
      helperText: t('operation.dashboard.interval.helper'),
      min: 1,
      validate: wholeNumber(t),
    },
    {
      key: 'DataExportDefaultTime',
      kind: 'select',
      label: t('operation.dashboard.defaultTime.label'),
      helperText: t('operation.dashboard.defaultTime.helper'),
      choices: [
        { value: 'hour', label: t('operation.dashboard.defaultTime.hour') },
        { value: 'day', label: t('operation.dashboard.defaultTime.day') },
        { value: 'week', label: t('operation.dashboard.defaultTime.week') },
      ],
    },
  ];
}

export function monitoringFields(t: T): OptionField[] {
  return [
    {
      key: 'ChannelDisableThreshold',
      kind: 'number',
      label: t('operation.monitoring.disableThreshold.label'),
      helperText: t('operation.monitoring.disableThreshold.helper'),
      min: 0,
    },
    {
      key: 'QuotaRemindThreshold',
      kind: 'number',
      label: t('operation.monitoring.remindThreshold.label'),
      helperText: t('operation.monitoring.remindThreshold.helper'),
      min: 0,
      validate: wholeNumber(t),
    },
    switchField('AutomaticDisableChannelEnabled', t('operation.monitoring.autoDisable')),
    switchField('AutomaticEnableChannelEnabled', t('operation.monitoring.autoEnable')),
    {
      key: 'AutomaticDisableKeywords',
      kind: 'textarea',
      label: t('operation.monitoring.keywords.label'),
      helperText: t('operation.monitoring.keywords.helper'),
    },
  ];
}

/** Quota amounts, each with what it is worth in dollars at the stored quota unit. */
export function quotaFields(t: T, quotaPerUnit: number): OptionField[] {
  const worth = (value: string) => {
    const quota = Number(value);
    if (value.trim() === '' || !Number.isFinite(quota)) return undefined;
    return t('operation.quota.worth', { amount: renderQuota(quota, { quotaPerUnit, displayInCurrency: true }) });
  };
  const quota = (key: string, label: string): OptionField => ({
    key,
    kind: 'number',
    label,
    min: 0,
    validate: wholeNumber(t),
    describeValue: worth,
  });
  return [
    quota('QuotaForNewUser', t('operation.quota.newUser')),
    quota('PreConsumedQuota', t('operation.quota.preConsumed')),
    quota('QuotaForInviter', t('operation.quota.inviter')),
    quota('QuotaForInvitee', t('operation.quota.invitee')),
  ];
}
