import { Alert, Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlainDateTime, toUnixSeconds } from '../../../common/dates';
import { DateTimeField } from '../../../common/DateTimeField';
import { showError, showSuccess } from '../../../common/notify';
import { useDeleteLogsBeforeMutation } from './operation-api';

/** The same moment one month earlier (the clean-up's default date, spec §9). */
export function oneMonthBefore(now: Date): Date {
  const date = new Date(now);
  date.setMonth(date.getMonth() - 1);
  return date;
}

/**
 * Clears the logs recorded before a chosen date, after a confirmation; shows how many rows went.
 * A refusal from the server is shown by the console's error handling.
 */
export function LogCleanup() {
  const { t } = useTranslation('setting');
  const [before, setBefore] = useState<Date | null>(() => oneMonthBefore(new Date()));
  const [confirming, setConfirming] = useState(false);
  const [deleteLogs, { isLoading }] = useDeleteLogsBeforeMutation();

  const ask = () => {
    if (before === null) showError(t('operation.logs.cleanup.chooseDate'));
    else setConfirming(true);
  };

  const clean = async () => {
    setConfirming(false);
    if (before === null) return;
    try {
      const removed = await deleteLogs(toUnixSeconds(before)).unwrap();
      showSuccess(t('operation.logs.cleanup.cleaned', { removed }));
    } catch {
      // Already reported by the error middleware.
    }
  };

  return (
    <div className="mg-log-cleanup">
      <DateTimeField id="log-cleanup-before" label={t('operation.logs.cleanup.date')} value={before} onChange={setBefore} />
      <Button icon="trash" intent={Intent.DANGER} variant="outlined" loading={isLoading} onClick={ask}>
        {t('operation.logs.cleanup.button')}
      </Button>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={t('actions.cancel')}
        confirmButtonText={t('operation.logs.cleanup.confirmButton')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void clean()}
      >
        {t('operation.logs.cleanup.confirm', { date: before ? formatPlainDateTime(before) : '' })}
      </Alert>
    </div>
  );
}
