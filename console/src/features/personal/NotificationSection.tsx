import { Button, FormGroup, Intent, NumericInput, Radio, RadioGroup, Section, SectionCard } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import type { FieldErrors, FieldSpec } from '../../common/forms/field-spec';
import { FieldList } from '../../common/forms/FieldList';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { PresetButtons } from '../../common/PresetButtons';
import { renderQuota } from '../../common/quota';
import { useGetSelfQuery } from '../account/self-api';
import { parseNotificationSettings, THRESHOLD_PRESETS } from './notification-settings';
import { type NotificationSettings, useUpdateNotificationSettingsMutation } from './personal-api';

type Values = NotificationSettings;

/** How the user hears that the balance fell below a threshold: by email or a webhook. */
export function NotificationSection() {
  const { t } = useTranslation('personal');
  const display = useQuotaDisplay();
  const { data: self } = useGetSelfQuery();
  const validate = useMemo(
    () =>
      (values: Values): FieldErrors<Values> => ({
        quota_warning_threshold: values.quota_warning_threshold > 0 ? undefined : t('notifications.thresholdInvalid'),
        webhook_url:
          values.notify_type !== 'webhook'
            ? undefined
            : !values.webhook_url.trim()
              ? t('notifications.webhookRequired')
              : !values.webhook_url.trim().startsWith('https://')
                ? t('notifications.webhookHttps')
                : undefined,
      }),
    [t],
  );
  const { values, errors, setValues, setField, check } = useForm<Values>(() => parseNotificationSettings(undefined), validate);
  const [save, { isLoading }] = useUpdateNotificationSettingsMutation();

  useEffect(() => {
    if (self) setValues(parseNotificationSettings(self.setting));
  }, [self, setValues]);

  const submit = async () => {
    if (!check()) return;
    const { notify_type, quota_warning_threshold, webhook_url, webhook_secret, notification_email, accept_unset_model_ratio_model } = values;
    const body: NotificationSettings = { notify_type, quota_warning_threshold, webhook_url: webhook_url.trim(), webhook_secret, notification_email: notification_email.trim(), accept_unset_model_ratio_model };
    try {
      await save(body).unwrap();
      showSuccess(t('notifications.saved'));
    } catch {
      // Shown by the error handler.
    }
  };

  const webhook = values.notify_type === 'webhook';
  const fields: FieldSpec<Values>[] = [
    { name: 'webhook_url', kind: 'text', label: t('notifications.webhookUrl'), required: true, visible: webhook, placeholder: 'https://', helperText: t('notifications.webhookHelp') },
    { name: 'webhook_secret', kind: 'password', label: t('notifications.webhookSecret'), visible: webhook, helperText: t('notifications.webhookSecretHelp') },
    { name: 'notification_email', kind: 'email', label: t('notifications.email'), visible: !webhook, helperText: t('notifications.emailHelp') },
  ];

  return (
    <Section title={t('notifications.title')} icon="notifications">
      <SectionCard>
        <RadioGroup
          label={t('notifications.type')}
          inline
          selectedValue={values.notify_type}
          onChange={(event) => setField('notify_type', event.currentTarget.value === 'webhook' ? 'webhook' : 'email')}
        >
          <Radio value="email" label={t('notifications.types.email')} />
          <Radio value="webhook" label={t('notifications.types.webhook')} />
        </RadioGroup>
        <FormGroup
          label={t('notifications.threshold')}
          labelFor="quota-threshold"
          helperText={errors.quota_warning_threshold ?? t('notifications.thresholdHelp', { amount: renderQuota(values.quota_warning_threshold, display) })}
          intent={errors.quota_warning_threshold ? Intent.DANGER : Intent.NONE}
        >
          <NumericInput
            id="quota-threshold"
            fill
            min={1}
            minorStepSize={null}
            stepSize={100_000}
            majorStepSize={1_000_000}
            value={values.quota_warning_threshold}
            onValueChange={(value) => setField('quota_warning_threshold', Number.isFinite(value) ? Math.floor(value) : 0)}
          />
        </FormGroup>
        <PresetButtons
          className="mg-toolbar mg-threshold-presets"
          presets={THRESHOLD_PRESETS}
          active={(preset) => values.quota_warning_threshold === preset}
          label={(preset) => renderQuota(preset, display)}
          onPick={(preset) => setField('quota_warning_threshold', preset)}
        />
        <FieldList fields={fields} values={values} errors={errors} onChange={setField} />
        <Button intent={Intent.PRIMARY} icon="floppy-disk" loading={isLoading} text={t('notifications.save')} onClick={() => void submit()} />
      </SectionCard>
    </Section>
  );
}
