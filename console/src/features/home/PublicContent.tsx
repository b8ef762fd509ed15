import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../shell/theme';
import { isEmbeddedPage, renderMarkdown } from './markdown';
import './home.css';

/**
 * Admin-set content (home page, about): a URL is shown as a full-size frame that is told the
 * console's theme and language whenever they change; anything else is Markdown or HTML, sanitised.
 */
export function PublicContent({ content, title }: { content: string; title: string }) {
  const { mode } = useTheme();
  const { i18n } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const embedded = isEmbeddedPage(content);

  const tellFrame = () => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    target.postMessage({ themeMode: mode }, '*');
    target.postMessage({ lang: i18n.language }, '*');
  };
  // The frame is told again whenever the theme or language changes.
  useEffect(() => tellFrame(), [mode, i18n.language, embedded]);

  if (embedded) {
    return <iframe ref={frame} className="mg-content-frame" src={content.trim()} title={title} onLoad={tellFrame} />;
  }
  return <div className="mg-markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }} />;
}
