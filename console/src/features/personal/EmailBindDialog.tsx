import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../common/FormDialog';
import type { FieldSpec } from '../../common/forms/field-spec';
import { FieldList } from '../../common/forms/FieldList';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { useCountdown } from '../../common/use-countdown';
import { useBindEmailMutation, useSendEmailCodeMutation } from './personal-api';

interface EmailBindValues extends Record<string, unknown> {
  email: string;
  code: string;
}

/** Binds (or changes) the account's email: a code is mailed to the address, then typed back. */
export function EmailBindDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation('personal');
  const { remaining, start } = useCountdown();
  const [sendCode, { isLoading: sending }] = useSendEmailCodeMutation();
  const [bind, { isLoading: binding }] = useBindEmailMutation();
  const validate = useMemo(
    () => (values: EmailBindValues) => ({
      email: values.email.trim() ? undefined : t('bindings.email.emailRequired'),
      code: values.code.trim() ? undefined : t('bindings.email.codeRequired'),
    }),
    [t],
  );
  const { values, errors, setErrors, setField, check } = useForm<EmailBindValues>({ email: '', code: '' }, validate);

  const requestCode = async () => {
    const email = values.email.trim();
    if (!email) {
      setErrors({ email: t('bindings.email.emailRequired') });
      return;
    }
    try {
      await sendCode(email).unwrap();
      start();
      showSuccess(t('bindings.email.codeSent'));
    } catch {
      // Shown by the error handler.
    }
  };

  const submit = async () => {
    if (!check()) return;
    try {
      await bind({ email: values.email.trim(), code: values.code.trim() }).unwrap();
      showSuccess(t('bindings.email.bound'));
      onClose();
    } catch {
      // Shown by the error handler.
    }
  };

  const fields: FieldSpec<EmailBindValues>[] = [
    {
      name: 'email',
      kind: 'email',
      label: t('bindings.email.email'),
      required: true,
      placeholder: t('bindings.email.emailPlaceholder'),
      rightElement: (
        <Button
          variant="minimal"
          loading={sending}
          disabled={remaining > 0}
          text={remaining > 0 ? t('bindings.email.resendIn', { seconds: remaining }) : t('bindings.email.sendCode')}
          onClick={() => void requestCode()}
        />
      ),
    },
    { name: 'code', kind: 'text', label: t('bindings.email.code'), required: true, inputProps: { autoComplete: 'one-time-code' } },
  ];

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('bindings.email.title')}
      icon="envelope"
      submitText={t('bindings.bind')}
      busy={binding}
      onSubmit={() => void submit()}
    >
      <FieldList fields={fields} values={values} errors={errors} onChange={setField} />
    </FormDialog>
  );
}
