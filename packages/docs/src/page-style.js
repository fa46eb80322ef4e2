/**
 * @module page-style
 * The page's own stylesheet, added to Redoc's output at build time. It corrects what Redoc's
 * styles do to this API's content: inline code in table cells broken inside a word, request
 * samples clipped at the panel edge and under the copy button, and the footer's "API docs by"
 * attribution, whose logo is a remote image the self-contained page does not load.
 * Selectors use Redoc's stable names (`table.md`, `panel-request-samples`, `data-testid`), never
 * its generated class names.
 */

/** The `id` of the `<style>` element the build adds. */
export const PAGE_STYLE_ID = 'svc-docs-style';

/** The stylesheet. */
export const PAGE_STYLE = `
/* Inline code in a table cell (error codes, field names) is never broken inside a word; Redoc's
   "word-break: break-word" cut MISSING_FIELDS into MISSING_FIE / LDS. The build puts <wbr> after
   each "_" and "/" of such codes (see table-codes.js), so a long code breaks only there. */
table.md td code,
table.md th code {
  white-space: normal;
  word-break: normal;
  overflow-wrap: normal;
}

/* Code samples wrap long lines (a URL, a token) instead of running past the panel's edge, and
   keep clear of the copy button in the panel's top-right corner. */
.panel-request-samples pre[data-testid='source-code'],
.panel-response-samples pre[data-testid='source-code'] {
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  padding-right: 44px;
}

/* Redoc's footer badge "API docs by" + logo: its logo is loaded from Redocly's CDN, which the
   self-contained page replaces by an empty image, so the badge (the link and the pill around it)
   is removed. */
a[href='https://redocly.com/redoc/'],
:has(> a[href='https://redocly.com/redoc/']) {
  display: none;
}
`;

/**
 * Adds {@link PAGE_STYLE} at the end of the page's `<head>`, after Redoc's own styles.
 * @param {string} html the page written by `redocly build-docs`
 * @returns {string}
 */
export function withPageStyle(html) {
  const end = html.indexOf('</head>');
  if (end < 0) {
    throw new Error('the rendered page has no </head> to add the page style to');
  }
  if (html.includes(`id="${PAGE_STYLE_ID}"`)) {
    throw new Error(`the rendered page already has a <style id="${PAGE_STYLE_ID}">`);
  }
  return `${html.slice(0, end)}<style id="${PAGE_STYLE_ID}">${PAGE_STYLE}</style>\n${html.slice(end)}`;
}
