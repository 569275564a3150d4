import { createContext, createElement, type ReactNode } from 'react';
import type { NewsDetail, Product } from '../../contract/content';
import { yuanAmount } from '../../contract/format';
import type { PageCommon } from '../../contract/page-data';
import { site } from '../data/site';
import { logoPngUrl } from '../media';
import type { ShareImage } from '../share-cards/cards';

/**
 * schema.org data for crawlers (JSON-LD). Each builder takes what the page
 * itself shows, so the data cannot say what the page does not.
 */

export type Thing = Record<string, unknown>;

/** Where the page is, for parts that state absolute addresses (the breadcrumb's data). */
export interface PageAddress {
  /** The site's public origin ('' when the request named none we trust). */
  origin: string;
  /** The page's own path and query, when it has a canonical address. */
  canonical?: string;
}
export const PageAddressContext = createContext<PageAddress>({ origin: '' });

/** Tells the parts inside where the page is. */
export const PageAddressProvider = ({ value, children }: { value: PageAddress; children: ReactNode }) =>
  createElement(PageAddressContext.Provider, { value }, children);

/**
 * A JSON-LD block. A data block is never run (the CSP's script-src does not
 * apply), but it is still inside a script element: `<` is escaped so no value
 * can close it (`</script>`) or open a comment, and `>` and `&` with it.
 */
export function JsonLd({ data }: { data: Thing }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

export const jsonLdText = (data: Thing) =>
  JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const imageObject = (origin: string, image: ShareImage) => ({
  '@type': 'ImageObject',
  url: origin + image.url,
  width: image.width,
  height: image.height,
});

/** The company behind the site, as the publisher of its pages. */
function publisher(origin: string): Thing {
  const logo = logoPngUrl();
  return {
    '@type': 'Organization',
    name: site.name,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: origin + logo.url, width: logo.size, height: logo.size },
  };
}

/** A Chinese number in the international form crawlers ask for: 400-820-6688 as +86-400-820-6688. */
const international = (phone: string) => (phone.startsWith('+') ? phone : `+86-${phone.replace(/^0/, '')}`);

/** The home page: the company, with the hotline the footer shows (when the common data came). */
export function organizationData(origin: string, common: PageCommon | null): Thing {
  // The common data comes from another server (SPEC §8): a missing part only leaves the contact out.
  const hotline = common?.footerCommonDTO?.serviceHotline?.trim();
  return {
    ...publisher(origin),
    description: site.description,
    ...(hotline && {
      contactPoint: {
        '@type': 'ContactPoint',
        telephone: international(hotline),
        contactType: 'customer service',
        areaServed: 'CN',
        availableLanguage: ['zh-CN'],
      },
    }),
  };
}

/** The site's name for search results. */
export const websiteData = (origin: string): Thing => ({
  '@type': 'WebSite',
  name: site.name,
  alternateName: site.shortName,
  url: `${origin}/`,
});

/** A product with one offer per edition the page lists, at its list price. */
export function productData(origin: string, product: Product, image: ShareImage): Thing {
  const url = `${origin}/product/${product.id}`;
  return {
    '@type': 'Product',
    name: product.name,
    description: product.summary,
    sku: product.associationNo,
    category: product.categoryName,
    image: origin + image.url,
    url,
    brand: { '@type': 'Brand', name: site.shortName },
    offers: product.editions.map((edition) => {
      const price = yuanAmount(edition.priceFen);
      return {
        '@type': 'Offer',
        name: edition.name,
        price,
        priceCurrency: 'CNY',
        priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency: 'CNY', unitText: edition.unit },
        availability: 'https://schema.org/InStock',
      };
    }),
  };
}

/** A news item as an article: its headline, date, picture and the site as publisher. */
export function newsArticleData(origin: string, news: NewsDetail, image: ShareImage): Thing {
  return {
    '@type': 'NewsArticle',
    headline: news.title,
    description: news.summary,
    image: [imageObject(origin, image)],
    datePublished: news.publishedAt,
    mainEntityOfPage: `${origin}/news/${news.id}`,
    articleSection: news.categoryTitle,
    author: { '@type': 'Organization', name: news.source || site.name, url: `${origin}/` },
    publisher: publisher(origin),
  };
}

/** A breadcrumb's steps as the page shows them (home first); the last one, without a link, is the page itself. */
export function breadcrumbData(address: PageAddress, steps: ReadonlyArray<{ label: string; href?: string }>): Thing {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => {
      const href = step.href ?? (index === steps.length - 1 ? address.canonical : undefined);
      return {
        '@type': 'ListItem',
        position: index + 1,
        name: step.label,
        ...(href !== undefined && { item: address.origin + href }),
      };
    }),
  };
}
