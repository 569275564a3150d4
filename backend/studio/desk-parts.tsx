import { dateTime } from '../../contract/format';

/** The owner's desk's lists: this many rows a page. */
export const DESK_PAGE_SIZE = 20;
/** At most this many rows in one export (a year of a busy site's orders). */
export const EXPORT_LIMIT = 20_000;

/** A time as the desk shows it, in Beijing time: 2026/11/28 18:05:09. */
export const deskTime = (iso: string) => dateTime(iso);

/** The list's page from `?page=`: the first for anything else. */
export const pageOf = (value: unknown) =>
  typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;

/** Today in Beijing, `YYYY-MM-DD`, for an export's file name. */
export const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** Earlier and later pages of a list, keeping its filter (`query`, without `page`). */
export function Pager({
  path,
  query,
  page,
  pageSize,
  total,
}: {
  path: string;
  query: URLSearchParams;
  page: number;
  pageSize: number;
  total: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const link = (to: number) => {
    const params = new URLSearchParams(query);
    if (to > 1) params.set('page', String(to));
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  return (
    <nav className="pager" aria-label="翻页">
      {page > 1 && <a href={link(page - 1)}>上一页</a>}
      <span>
        第 {Math.min(page, pages)} / {pages} 页
      </span>
      {page < pages && <a href={link(page + 1)}>下一页</a>}
    </nav>
  );
}
