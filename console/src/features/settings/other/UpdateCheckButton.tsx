import { AnchorButton, Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../common/notify';
import { renderMarkdown } from '../../home/markdown';
import { fetchLatestRelease, isNewerVersion, type Release } from '../system/system-remote';

/**
 * Checks the public latest release against the running version: 'latest version' when nothing
 * newer is out, otherwise a dialog with the release notes and a link to the release.
 */
export function UpdateCheckButton({ currentVersion }: { currentVersion: string }) {
  const { t } = useTranslation('setting');
  const [checking, setChecking] = useState(false);
  const [release, setRelease] = useState<Release | null>(null);

  const check = async () => {
    setChecking(true);
    try {
      const latest = await fetchLatestRelease();
      if (isNewerVersion(latest.tag, currentVersion)) setRelease(latest);
      else showSuccess(t('other.update.latest', { version: currentVersion || latest.tag }));
    } catch {
      showError(t('other.update.failed'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button icon="refresh" loading={checking} text={t('other.update.check')} onClick={() => void check()} />
      <Dialog
        isOpen={release !== null}
        icon="updated"
        title={t('other.update.newVersion', { version: release?.tag ?? '' })}
        onClose={() => setRelease(null)}
      >
        <DialogBody>
          {release?.notes ? (
            <div className="mg-release-notes" dangerouslySetInnerHTML={{ __html: renderMarkdown(release.notes) }} />
          ) : (
            <p>{t('other.update.noNotes')}</p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('other.update.close')} onClick={() => setRelease(null)} />
              {release?.url && (
                <AnchorButton intent="primary" href={release.url} target="_blank" rel="noopener noreferrer" text={t('other.update.details')} />
              )}
            </>
          }
        />
      </Dialog>
    </>
  );
}
