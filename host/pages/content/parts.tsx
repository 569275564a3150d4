import { type ReactNode, useContext } from 'react';
import { breadcrumbData, JsonLd, PageAddressContext } from '../structured-data';

/** Links to each page of a list: crawlable, and usable without scripts. */
export function Pagination({
  page,
  pageSize,
  total,
  href,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav className="pagination" aria-label="分页">
      {page > 1 && (
        <a href={href(page - 1)} rel="prev">
          上一页
        </a>
      )}
      {Array.from({ length: pages }, (_, index) => index + 1).map((number) =>
        number === page ? (
          <span key={number} aria-current="page" className="current">
            {number}
          </span>
        ) : (
          <a key={number} href={href(number)}>
            {number}
          </a>
        ),
      )}
      {page < pages && (
        <a href={href(page + 1)} rel="next">
          下一页
        </a>
      )}
    </nav>
  );
}

/** Where the page sits, for people and (as BreadcrumbList data, from the same steps) for crawlers. */
export function Breadcrumb({ trail }: { trail: Array<{ label: string; href?: string }> }) {
  const steps = [{ label: '首页', href: '/' }, ...trail];
  const address = useContext(PageAddressContext);
  return (
    <>
      <nav className="breadcrumb" aria-label="当前位置">
        <ol>
          {steps.map((step) => (
            <li key={step.label}>
              {step.href ? <a href={step.href}>{step.label}</a> : <span aria-current="page">{step.label}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd data={breadcrumbData(address, steps)} />
    </>
  );
}

/** A filter row of category links; the current one is marked. */
export function CategoryLinks({
  items,
  current,
  label,
}: {
  items: Array<{ id: number | null; label: string; href: string }>;
  current: number | null;
  label: string;
}) {
  return (
    <nav className="categories" aria-label={label}>
      {items.map((item) => (
        <a key={item.href} href={item.href} aria-current={item.id === current ? 'page' : undefined}>
          {item.label}
        </a>
      ))}
    </nav>
  );
}

/** The head of a detail page: what kind of item, its name, its one-line summary. */
export function DetailHead({ eyebrow, title, lead }: { eyebrow: ReactNode; title: string; lead: string }) {
  return (
    <header className="detail-head">
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
    </header>
  );
}

/**
 * How a large image loads: the page's first one (its largest paint, as a rule) at
 * once and ahead of everything else the page fetches, the others only when
 * scrolled near. One image per page goes first, or none does.
 */
export const imageLoading = (first: boolean): Record<string, string> =>
  // Spelled as HTML spells it: the JSX name would be sent as `fetchPriority`.
  first ? { fetchpriority: 'high' } : { loading: 'lazy' };

export interface CardProps {
  href: string;
  title: string;
  text: string;
  meta?: ReactNode;
  image?: string;
  /** The page's first large image: see `imageLoading`. */
  first?: boolean;
}

export function Card({ href, title, text, meta, image, first = false }: CardProps) {
  return (
    <article className="card">
      {image && <img src={image} alt="" width="320" height="180" {...imageLoading(first)} />}
      <h2>
        <a href={href}>{title}</a>
      </h2>
      {meta && <p className="meta">{meta}</p>}
      <p>{text}</p>
    </article>
  );
}

/** A grid of short points, each a bold title and a sentence: highlights, pain points, features. */
export function Highlights({ items }: { items: ReadonlyArray<{ title: string; text: string }> }) {
  return (
    <ul className="highlights">
      {items.map((item) => (
        <li key={item.title}>
          <strong>{item.title}</strong>
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Prices as every room shows them (contract/format.ts): ¥19,800. */
export { yuan } from '../../../contract/format';

/** The date part of an ISO time, as 2026-03-18. */
export const day = (iso: string) => iso.slice(0, 10);

/**
 * "Consult": opens the online chat with this product's or solution's card. It
 * does nothing without scripts, so it stays hidden until the chat launcher shows it.
 */
export function ConsultButton({ associationNo }: { associationNo: string }) {
  return (
    <p className="consult">
      <button type="button" className="button" data-portal-chat-open="" data-portal-chat-card={associationNo} hidden>
        在线咨询
      </button>
    </p>
  );
}
