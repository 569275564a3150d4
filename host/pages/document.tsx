import { cloneElement, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withoutControlCharacters } from '../../contract/html-characters';
import type { Layout } from '../../contract/layouts';
import { isMobileUserAgent } from '../../contract/user-agent';
import { drawnOf, ELEMENTS, elementsOnPage, loadOnOf, type PortalTag } from '../../widgets/elements';
import { site } from '../data/site';
import { type ShareImage, siteShareImage } from '../share-cards/cards';
import { headScript, preloadsFor, printCss } from './assets';
import {
  CertifyBar,
  ChatLauncher,
  type ChromeContext,
  FloatButtons,
  SiteFooter,
  SiteHeader,
  TopicHeader,
} from './chrome';
import { CookieNoticeBar } from './cookie-notice';
import { ServerStateScript } from './server-state';
import { JsonLd, PageAddressProvider, type Thing } from './structured-data';

/** Everything a page is rendered from besides its own content. */
export type PageContext = ChromeContext & {
  /** `?preview=true`: an administrator previews the page without header and footer. */
  preview: boolean;
  /** The site's public origin, for canonical and Open Graph addresses. */
  origin: string;
  /** The visitor agreed to cookies (`cookie-agree=true`): no notice. Kept pages are kept apart by it. */
  cookieAgreed?: boolean;
};

/** The layouts whose pages show the cookie notice, drawn by the server (cookie-notice.tsx); also in a preview. */
const NOTICE_LAYOUTS: readonly Layout[] = ['default', 'topic'];

/** What a server view of an element is drawn from. */
interface ViewProps {
  context: PageContext;
  topicPhone: string;
}

/**
 * The server's markup of the elements it draws (chrome.tsx), by tag: the registry
 * (widgets/elements.ts) says which layout carries which, and where. An element
 * carried but not named here is drawn as its bare tag, with its `load-on`.
 */
const SERVER_VIEWS: Partial<Record<PortalTag, (props: ViewProps) => ReactElement>> = {
  'portal-header': ({ context }) => <SiteHeader context={context} />,
  'portal-topic-header': ({ context, topicPhone }) => <TopicHeader context={context} phone={topicPhone} />,
  'portal-footer': ({ context }) => <SiteFooter context={context} />,
  'portal-float-buttons': ({ context }) => <FloatButtons context={context} />,
  'portal-chat-launcher': ({ context }) => <ChatLauncher context={context} />,
};

function drawn(tags: PortalTag[], props: ViewProps): ReactNode[] {
  return tags.map((tag) => {
    const View = SERVER_VIEWS[tag];
    return View ? <View key={tag} {...props} /> : createElement(tag, { key: tag, 'load-on': loadOnOf(tag) });
  });
}

/** The news feed (routes/seo.ts). */
export const FEED_PATH = '/feed.xml';

/** The layouts of SPEC §2. */
export type { Layout } from '../../contract/layouts';

export interface DocumentProps {
  title: string;
  description?: string;
  layout?: Layout;
  /** The hotline of a topic page (topic layout). */
  topicPhone?: string;
  /** The page's own address (path and query), for the canonical link and Open Graph. */
  canonical?: string;
  /** Open Graph type: `website` (lists) or `article` (details). */
  ogType?: 'website' | 'article';
  /** The picture share cards show (a PNG): the item's own, else the site's. */
  image?: ShareImage;
  /** schema.org data of the page's content, for the head (a breadcrumb states its own). */
  structuredData?: Thing[];
  /** Whether the page names the news feed (news pages and the home page). */
  feed?: boolean;
  /** Whether the page carries the print sheet (articles and product pages). */
  printable?: boolean;
  /** Extra elements for the head (a refresh). */
  head?: ReactNode;
  /** Elements of this page that portal.js does not load: the page loads their code itself. */
  modules?: string[];
  children: ReactNode;
}

function Document({
  title,
  description = site.description,
  layout = 'default',
  topicPhone = '',
  canonical,
  ogType = 'website',
  image = siteShareImage(site.name),
  structuredData = [],
  feed = false,
  printable = false,
  head,
  modules = [],
  children,
  context,
}: DocumentProps & { context: PageContext }) {
  const phone = isMobileUserAgent(context.userAgent);
  // What this page carries, from the registry alone; the header draws those `within` it.
  const carried = elementsOnPage(layout, { preview: context.preview, phone });
  const view = { context, topicPhone };
  // Elements whose code waits for its `load-on` are not preloaded: the visitor may never need it.
  const preloaded = carried.filter((tag) => ELEMENTS[tag].script === 'portal' && !loadOnOf(tag));
  return (
    <html lang={context.lang} data-theme={context.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {canonical && <link rel="canonical" href={`${context.origin}${canonical}`} />}
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:type" content={ogType} />
        <meta property="og:locale" content={context.lang === 'en' ? 'en_US' : 'zh_CN'} />
        {canonical && <meta property="og:url" content={`${context.origin}${canonical}`} />}
        <meta property="og:image" content={`${context.origin}${image.url}`} />
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content={String(image.width)} />
        <meta property="og:image:height" content={String(image.height)} />
        <meta property="og:image:alt" content={image.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        {/* The page's theme is set by its address, not by the visitor's colour scheme: one colour. */}
        <meta name="theme-color" content={context.theme === 'dark' ? '#0f131c' : '#ffffff'} />
        {feed && <link rel="alternate" type="application/rss+xml" title={`${site.shortName}新闻`} href={FEED_PATH} />}
        {structuredData.map((data) => (
          <JsonLd data={data} key={String(data['@type'])} />
        ))}
        {head}
        <style dangerouslySetInnerHTML={{ __html: context.assets.css }} />
        {printable && <style media="print" dangerouslySetInnerHTML={{ __html: printCss }} />}
        {/* Before the scripts: keeps a click on the server-drawn chrome until they arrive (contract/early-clicks.ts), and hides the cookie notice before the first paint for a visitor who agreed (cookie-notice.tsx). */}
        <script dangerouslySetInnerHTML={{ __html: headScript }} />
        <script src="/widgets/portal.js" async />
        {carried.some((tag) => ELEMENTS[tag].script === 'chat') && (
          <script src="/widgets/chat.js" data-load-on="interaction" async />
        )}
        {preloadsFor(context.assets.manifest, preloaded).map((href) => (
          <link rel="modulepreload" href={href} key={href} />
        ))}
        {modules.map((tag) => {
          const file = context.assets.manifest[tag]?.[0];
          return file && <script type="module" src={`/widgets/${file}`} key={tag} />;
        })}
      </head>
      <body>
        {/*
          The first Tab stop of every layout: past the header's links to the content.
          In a landmark of its own, as all content is; axe cannot tell it is a skip
          link when the page's first link is inside a shadow root (the header's).
        */}
        <nav aria-label={context.lang === 'en' ? 'Skip links' : '跳转链接'}>
          <a className="skip-link" href="#main">
            {context.lang === 'en' ? 'Skip to main content' : '跳到主要内容'}
          </a>
        </nav>
        <PageAddressProvider value={{ origin: context.origin, canonical }}>
          {drawn(
            carried.filter((tag) => drawnOf(tag) === 'above'),
            view,
          )}
          {layout === 'certify' && <CertifyBar />}
          {focusableMain(children)}
          {drawn(
            carried.filter((tag) => drawnOf(tag) === 'below'),
            view,
          )}
          {NOTICE_LAYOUTS.includes(layout) && !context.cookieAgreed && (
            <CookieNoticeBar
              lang={context.lang}
              back={canonical ?? context.path}
              origin={context.origin}
              css={context.assets.elementStyles['cookie-notice.css'] ?? ''}
              noscriptCss={context.assets.elementStyles['cookie-notice.noscript.css'] ?? ''}
            />
          )}
          <ServerStateScript
            state={{ theme: context.theme, pageCommon: context.pageCommon, friendlyLinks: context.friendlyLinks }}
          />
        </PageAddressProvider>
      </body>
    </html>
  );
}

/**
 * The skip link's target: the page's `<main id="main">`, focusable but no Tab stop
 * (tabindex -1), so that following the link moves focus there and the next Tab
 * goes on from the content.
 */
function focusableMain(children: ReactNode): ReactNode {
  if (!isValidElement(children)) return children;
  const element = children as ReactElement<{ tabIndex?: number }>;
  return element.type === 'main' ? cloneElement(element, { tabIndex: -1 }) : children;
}

/** Renders a whole page to HTML. */
export function renderDocument(props: DocumentProps, context: PageContext): string {
  return withoutControlCharacters(`<!doctype html>${renderToStaticMarkup(<Document {...props} context={context} />)}`);
}
