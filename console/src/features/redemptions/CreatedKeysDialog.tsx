import { Button, Dialog, DialogBody, DialogFooter, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';

/** Shows the keys of a batch just created, one per line, with "copy all". */
export function CreatedKeysDialog({ keys, onClose }: { keys: string[]; onClose(): void }) {
  const { t } = useTranslation('redemption');
  const text = keys.join('\n');
  return (
    <Dialog isOpen title={t('created.title')} icon="tick-circle" onClose={onClose}>
      <DialogBody>
        <p>{t('created.description', { count: keys.length })}</p>
        <TextArea
          aria-label={t('created.keys')}
          className="mg-redemption-keys"
          readOnly
          fill
          rows={Math.min(keys.length, 10)}
          value={text}
          onFocus={(event) => event.currentTarget.select()}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('created.close')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="duplicate"
              text={t('created.copyAll')}
              onClick={() => void copyWithFeedback(text, t('messages.copiedKeys', { count: keys.length }))}
            />
          </>
        }
      />
    </Dialog>
  );
}
