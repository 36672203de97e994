import sanitizeHtml from 'sanitize-html';

/** Longest HTML an operator may store in one language of one text. */
export const OPERATOR_HTML_MAX_LENGTH = 50_000;

// Only what announcements and help articles need: text formatting, lists, tables, links and images.
// No script, style, iframe, form or media tags, no event handlers, no inline style, no classes an
// attacker could use to mimic our own dialogs.
const OPERATOR_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'id'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  disallowedTagsMode: 'discard',
  // Text inside these is code or markup, never content worth keeping.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // Links leave the site without handing it a window.opener.
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs };
      if (attributes.target && attributes.target !== '_blank') delete attributes.target;
      attributes.rel = 'noopener noreferrer';
      return { tagName, attribs: attributes };
    },
  },
};

/** Cleans operator HTML down to the allowed set; run on every write of announcement or help text. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html.slice(0, OPERATOR_HTML_MAX_LENGTH), OPERATOR_HTML_OPTIONS);
}

/** Cleans each language of a localized HTML text. */
export function sanitizeLocalizedHtml(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).map(([language, html]) => [language, sanitizeOperatorHtml(html)]),
  );
}
