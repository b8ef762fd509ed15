import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Content that is a page to embed rather than text (spec: it starts with `https://`). */
export function isEmbeddedPage(content: string): boolean {
  return content.trim().startsWith('https://');
}

/** Markdown (or HTML) as sanitised HTML: scripts, event handlers and the like are removed. */
export function renderMarkdown(content: string): string {
  const html = marked.parse(content, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html);
}
