/**
 * The server half of Astro's React renderer, used in place of `@astrojs/react/server.js` (a Vite
 * alias set by src/build/site-build.ts; the client half, hydration, is still @astrojs/react's).
 *
 * Why our own: the stock renderer renders every island twice (its `check` renders the component
 * once more to find out whether it is React) and through a web ReadableStream. A vehicle page has
 * about ten islands, and on a 3,000-car build the two cost about 15% of the build time. Every
 * framework component on these sites is React, so `check` needs no trial render, and
 * `renderToString` is enough because no island suspends on the server. Unlike @astrojs/react's own
 * `experimentalDisableStreaming`, this keeps each island's `identifierPrefix`: the client hydrates
 * with the island's `prefix` attribute, and useId ids stay unique across the islands of a page.
 */
import { createElement, memo, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

interface RendererThis {
  result?: object;
}
interface Metadata {
  hydrate?: string;
  astroStaticSlot?: boolean;
}

/** Island ids per page render ("r0", "r1", ...), the same scheme the client reads back from `prefix`. */
const islandCounters = new WeakMap<object, number>();
function nextPrefix(result: object | undefined): string | undefined {
  if (!result) return undefined;
  const index = islandCounters.get(result) ?? 0;
  islandCounters.set(result, index + 1);
  return `r${index}`;
}

/** Astro-rendered slot HTML inside a React tree: <astro-slot> when the island hydrates, so the client can find it. */
const SlotHtml = memo(
  ({ value, name, hydrate }: { value: string; name?: string; hydrate: boolean }) =>
    value.trim() === ''
      ? null
      : createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
          name,
          suppressHydrationWarning: true,
          dangerouslySetInnerHTML: { __html: value },
        }),
  () => true,
);

const camelSlotName = (name: string) =>
  name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());
const RESOURCE_LINK =
  /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

function check(Component: unknown): boolean {
  if (typeof Component === 'function') return true;
  // memo() and forwardRef() components are objects tagged by React.
  return (
    typeof Component === 'object' &&
    Component !== null &&
    String((Component as { $$typeof?: symbol }).$$typeof ?? '').startsWith('Symbol(react')
  );
}

function renderToStaticMarkup(
  this: RendererThis | undefined,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Record<string, string | undefined>,
  metadata?: Metadata,
): Promise<{ html: string; attrs: Record<string, string | undefined> }> {
  const hydrate = metadata?.astroStaticSlot ? Boolean(metadata.hydrate) : true;
  const prefix = nextPrefix(this?.result);
  const { class: _class, ...rest } = props;
  const ownProps: Record<string, unknown> = { ...rest };
  for (const [name, value] of Object.entries(slotted)) {
    if (value != null)
      ownProps[camelSlotName(name)] = createElement(SlotHtml, {
        value,
        name: camelSlotName(name),
        hydrate,
      });
  }
  const body = children ?? (props.children as string | undefined);
  if (body != null)
    ownProps.children = createElement(SlotHtml, { value: body, hydrate }) as ReactNode;
  const html = renderToString(createElement(Component, ownProps), {
    identifierPrefix: prefix,
  }).replace(RESOURCE_LINK, '');
  return Promise.resolve({ html, attrs: { prefix } });
}

export default {
  name: '@astrojs/react',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
