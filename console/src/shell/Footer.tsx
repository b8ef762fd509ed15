import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../app/status-api';

/**
 * The footer: the admin's custom HTML when set (sanitised), otherwise the product name, version
 * and a link to the project. It renders from the live status, so a new footer shows at once.
 */
export function Footer() {
  const { t } = useTranslation('shell');
  const status = usePublicStatus();
  if (status.footer_html) {
    return (
      <footer
        className="mg-footer mg-footer-custom"
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(status.footer_html) }}
      />
    );
  }
  return (
    <footer className="mg-footer">
      <span>
        {t('footer.credit', { name: status.system_name, version: status.version || '' })}
      </span>
      {' · '}
      <a href="https://github.com/modelgate/modelgate" target="_blank" rel="noreferrer">
        {t('footer.source')}
      </a>
    </footer>
  );
}
