import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, StorageKey, writeStored } from '../../common/local-storage';
import { publicContentApi } from './home-api';
import { renderMarkdown } from './markdown';

/** The site notice, shown once each time it changes (the last one seen is kept locally). */
export function NoticeDialog() {
  const { t } = useTranslation('home');
  const { data: notice } = publicContentApi.useGetNoticeQuery();
  const [shown, setShown] = useState<string | null>(null);

  useEffect(() => {
    const text = notice?.trim() ?? '';
    if (!text || readStored(StorageKey.notice) === notice) return;
    writeStored(StorageKey.notice, notice);
    setShown(notice ?? '');
  }, [notice]);

  return (
    <Dialog isOpen={shown !== null} onClose={() => setShown(null)} title={t('notice.title')} icon="notifications">
      <DialogBody>
        <div className="mg-markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(shown ?? '') }} />
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={() => setShown(null)}>
            {t('notice.close')}
          </Button>
        }
      />
    </Dialog>
  );
}
