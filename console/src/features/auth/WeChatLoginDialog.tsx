import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWechatLoginMutation } from './auth-api';
import { useFinishSignIn } from './use-finish-sign-in';

export interface WeChatLoginDialogProps {
  isOpen: boolean;
  qrCodeUrl: string;
  onClose(): void;
}

/** WeChat sign-in: scan the account's QR code, type the code it sends back (valid 3 minutes). */
export function WeChatLoginDialog({ isOpen, qrCodeUrl, onClose }: WeChatLoginDialogProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [login, { isLoading }] = useWechatLoginMutation();
  const finishSignIn = useFinishSignIn();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('wechat.codeRequired'));
      return;
    }
    const result = await login({ code: code.trim() });
    if (result.data) finishSignIn(result.data, '/');
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('wechat.title')} icon="chat">
      <form onSubmit={(event) => void submit(event)}>
        <DialogBody>
          {qrCodeUrl && <img className="mg-wechat-qrcode" src={qrCodeUrl} alt={t('wechat.qrAlt')} />}
          <p>{t('wechat.hint')}</p>
          <FormGroup
            label={t('wechat.code')}
            labelFor="wechat-code"
            helperText={error || undefined}
            intent={error ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="wechat-code"
              value={code}
              intent={error ? Intent.DANGER : Intent.NONE}
              onValueChange={(value) => {
                setCode(value);
                setError('');
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={<Button type="submit" intent={Intent.PRIMARY} loading={isLoading} text={t('wechat.submit')} />}
        />
      </form>
    </Dialog>
  );
}
