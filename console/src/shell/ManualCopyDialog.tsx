import { Button, Dialog, DialogBody, DialogFooter, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeManualCopy, onManualCopy } from '../common/copy-feedback';

/** When the browser refuses the clipboard, the text is shown here to be copied by hand. */
export function ManualCopyDialog() {
  const { t } = useTranslation('common');
  const [text, setText] = useState<string | null>(null);
  useEffect(() => onManualCopy(setText), []);
  return (
    <Dialog isOpen={text !== null} onClose={closeManualCopy} title={t('copy.manualTitle')} icon="clipboard">
      <DialogBody>
        <TextArea fill readOnly autoResize value={text ?? ''} onFocus={(event) => event.currentTarget.select()} />
      </DialogBody>
      <DialogFooter actions={<Button text={t('actions.close')} onClick={closeManualCopy} />} />
    </Dialog>
  );
}
