import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../common/notify';
import { useBindWechatMutation } from './personal-api';

export interface WechatBindDialogProps {
  isOpen: boolean;
  /** The official account's QR code the admin configured. */
  qrCode: string;
  onClose(): void;
}

/** Binds WeChat: scan the official account's QR code, send it a message, type back the code it answers. */
export function WechatBindDialog({ isOpen, qrCode, onClose }: WechatBindDialogProps) {
  const { t } = useTranslation('personal');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [bind, { isLoading }] = useBindWechatMutation();

  const submit = async () => {
    if (!code.trim()) {
      setError(t('bindings.wechat.codeRequired'));
      return;
    }
    try {
      await bind(code.trim()).unwrap();
      showSuccess(t('bindings.wechat.bound'));
      setCode('');
      onClose();
    } catch {
      // Shown by the error handler.
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('bindings.wechat.title')} icon="chat">
      <DialogBody>
        {qrCode && <img className="mg-wechat-qr" src={qrCode} alt={t('bindings.wechat.qrAlt')} />}
        <p>{t('bindings.wechat.hint')}</p>
        <FormGroup label={t('bindings.wechat.code')} labelFor="wechat-code" helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
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
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} loading={isLoading} text={t('bindings.bind')} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
