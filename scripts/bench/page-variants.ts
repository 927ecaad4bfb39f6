/**
 * Edited copies of a built page, for bench:lighthouse-ab: each takes one kind of work out of the
 * page (or adds one technique) so interleaved Lighthouse runs can show whether that work moves
 * the simulated TBT more than the machine's run-to-run noise does.
 */
export interface PageVariant {
  about: string;
  transform(html: string): string;
}

/** The blocks of the vehicle page that start below a phone's first screen. */
const BELOW_THE_FOLD = [
  '.features',
  '#all-specifications',
  '#details',
  '.used-extras',
  '.comments',
  '.price-tools',
  '.car-enquiry',
  '.vehicle-location',
  '.similar',
  '.share-bar',
  '.disclaimer',
  '.site-footer',
];

function between(html: string, start: string, end: string): [number, number] {
  const from = html.indexOf(start);
  const to = html.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`page-variants: the page has no ${start} ... ${end}`);
  return [from, to];
}

export const PAGE_VARIANTS: Record<string, PageVariant> = {
  'as-built': { about: 'the page as built', transform: (html) => html },
  'no-form-fields': {
    about: 'every input, select, textarea and form swapped for an inert element in the same place',
    transform: (html) =>
      html
        .replace(/<input([^>]*?)\/?>/g, '<x-input$1></x-input>')
        .replace(/<(\/?)(select|textarea|form)\b/g, '<$1x-$2'),
  },
  'content-visibility': {
    about: `content-visibility: auto on the blocks below the first screen (${BELOW_THE_FOLD.length} selectors)`,
    transform: (html) =>
      html.replace(
        '</head>',
        `<style>${BELOW_THE_FOLD.join(',')}{content-visibility:auto;contain-intrinsic-size:auto 500px}</style></head>`,
      ),
  },
  'title-only': {
    about: "the same head (stylesheets and scripts) with only the page's <h1> in the body",
    transform: (html) => {
      const [bodyStart] = between(html, '<body', '>');
      const bodyOpen = html.slice(bodyStart, html.indexOf('>', bodyStart) + 1);
      const [h1Start, h1End] = between(html, '<h1', '</h1>');
      return `${html.slice(0, bodyStart)}${bodyOpen}${html.slice(h1Start, h1End)}</h1></body></html>`;
    },
  },
};
