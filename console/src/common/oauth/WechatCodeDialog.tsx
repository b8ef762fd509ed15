import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../FormDialog';
import './oauth.css';

export interface WechatCodeDialogProps {
  isOpen: boolean;
  title: string;
  submitText: string;
  /** The official account's QR code the admin configured. */
  qrCodeUrl: string;
  busy: boolean;
  onClose(): void;
  /** Called with the trimmed code the official account answered (sign in, or bind). */
  onSubmit(code: string): void;
}

/**
 * WeChat by code: the user scans the official account's QR code, sends it a message and types
 * back the code it answers (valid three minutes). What the code is used for is the caller's.
 */
export function WechatCodeDialog({ isOpen, title, submitText, qrCodeUrl, busy, onClose, onSubmit }: WechatCodeDialogProps) {
  const { t } = useTranslation('common');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (isOpen) {
      setCode('');
      setError(undefined);
    }
  }, [isOpen]);

  const submit = () => {
    if (!code.trim()) {
      setError(t('oauth.wechat.codeRequired'));
      return;
    }
    onSubmit(code.trim());
  };

  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title={title} icon="chat" submitText={submitText} busy={busy} onSubmit={submit}>
      {qrCodeUrl && <img className="mg-wechat-qrcode" src={qrCodeUrl} alt={t('oauth.wechat.qrAlt')} />}
      <p>{t('oauth.wechat.hint')}</p>
      <FormGroup label={t('oauth.wechat.code')} labelFor="wechat-code" helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id="wechat-code"
          value={code}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
        />
      </FormGroup>
    </FormDialog>
  );
}
