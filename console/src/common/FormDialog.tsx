import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  title: ReactNode;
  icon?: IconName;
  isOpen: boolean;
  onClose(): void;
  /** The confirm button's text. */
  submitText: string;
  /** The cancel button's text; "Cancel" when not given. */
  cancelText?: string;
  /** While the submitted call runs: the confirm button spins and does not submit again. */
  busy?: boolean;
  /** The confirm button's intent (primary unless the action is dangerous). */
  intent?: Intent;
  submitDisabled?: boolean;
  className?: string;
  /** Runs on the confirm button or Enter in a field. */
  onSubmit(): void;
  children: ReactNode;
}

/**
 * A dialog holding a small form: the body, then Cancel and a confirm button in the footer.
 * Enter in a field submits like the confirm button does.
 */
export function FormDialog(props: FormDialogProps) {
  const { title, icon, isOpen, onClose, submitText, cancelText, busy = false, intent = Intent.PRIMARY } = props;
  const { t } = useTranslation('common');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !props.submitDisabled) props.onSubmit();
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon={icon} className={props.className}>
      <form onSubmit={submit} noValidate>
        <DialogBody>{props.children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={cancelText ?? t('actions.cancel')} onClick={onClose} />
              <Button type="submit" intent={intent} loading={busy} disabled={props.submitDisabled} text={submitText} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
