import { Button, Callout, Code } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../common/copy-feedback';
import { useGetOptionsQuery } from '../form/settings-api';
import { stripTrailingSlashes } from './system-fields';

/** The callback URL a sign-in provider must be given: the saved server address plus `path`. */
export function SystemCallbackUrl({ path }: { path: string }) {
  const { t } = useTranslation('setting');
  const { data: options } = useGetOptionsQuery();
  const serverAddress = stripTrailingSlashes((options?.ServerAddress ?? '').trim());
  if (serverAddress === '') {
    return (
      <Callout intent="warning" icon="warning-sign" compact className="mg-system-callback">
        {t('system.callback.missing')}
      </Callout>
    );
  }
  const url = `${serverAddress}${path}`;
  return (
    <Callout intent="primary" icon="link" compact className="mg-system-callback" title={t('system.callback.label')}>
      <Code className="mg-system-callback-url">{url}</Code>
      <Button size="small" variant="minimal" icon="duplicate" text={t('system.callback.copy')} onClick={() => void copyWithFeedback(url)} />
    </Callout>
  );
}
