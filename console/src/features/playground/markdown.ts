import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** One parser for the playground: GitHub-flavoured Markdown, single newlines kept as line breaks. */
const parser = new Marked({ gfm: true, breaks: true, async: false });

/**
 * An assistant reply as safe HTML: Markdown rendered, then sanitised (the model's text is
 * untrusted; scripts, handlers and the like are removed). Links open in a new tab.
 */
export function renderMarkdown(text: string): string {
  const html = parser.parse(text, { async: false });
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer" ');
}
