import { Alert, Button, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';

export interface DeleteButtonProps {
  /** The button's text (and the confirmation's, unless `confirmText` is given). */
  text: string;
  confirmText?: string;
  cancelText: string;
  /** What the confirmation says. */
  children: ReactNode;
  /** Deletes; the confirmation stays open, busy, until it settles. */
  onConfirm(): Promise<unknown>;
}

/** A row's delete action: a small danger button that asks before it deletes. */
export function DeleteButton({ text, confirmText, cancelText, children, onConfirm }: DeleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button size="small" variant="minimal" intent={Intent.DANGER} icon="trash" text={text} onClick={() => setConfirming(true)} />
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        loading={busy}
        confirmButtonText={confirmText ?? text}
        cancelButtonText={cancelText}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        {children}
      </Alert>
    </>
  );
}
