/**
 * Blog content is rich text (HTML) from the editor. It is cleaned with sanitize-html on the server twice:
 * when it is written (the reference host; active content is refused outright, see `activeContent`) and
 * again when a page renders it, so markup that reached the store some other way still renders inert.
 * Server-side only (pages and the reference host): the sanitiser never ships to the browser.
 */
import sanitizeHtml from 'sanitize-html';

/** What the editor produces and pages render: text formatting, headings, lists, quotes, code, links. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the product in a new tab without handing it the opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
};
const RENDER_OPTIONS: sanitizeHtml.IOptions = { ...OPTIONS, allowedAttributes: { a: ['href', 'title', 'target', 'rel'] } };

/** The HTML that may be stored and shown. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** The HTML to put in a page: cleaned again at render time (the store is not trusted to be clean). */
export const renderRichText = (html: string): string => sanitizeHtml(html, RENDER_OPTIONS);

/** The text of rich text, one space between blocks (search index, excerpts, "is it empty"). */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote|pre)>|<br\s*\/?>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const ACTIVE_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'form',
  'meta',
  'link',
  'base',
  'svg',
  'math',
]);

/**
 * The active content in an HTML text (scripts, frames, event handlers, script URLs), described for the
 * user, or null when there is none. Such content is refused rather than silently dropped.
 */
export function activeContent(html: string): string | null {
  let found: string | null = null;
  sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (tag, attribs) => {
      if (found) return;
      if (ACTIVE_TAGS.has(tag)) found = `<${tag}>`;
      else {
        for (const [name, value] of Object.entries(attribs)) {
          if (/^on/i.test(name)) found = `the ${name} attribute`;
          else {
            const scheme = /^(javascript|vbscript|data):/i.exec(value.replace(/[\u0000-\u001f\s]/g, ''))?.[1];
            if (scheme) found = `a ${scheme.toLowerCase()}: address`;
          }
          if (found) break;
        }
      }
    },
  });
  return found;
}
