import type { Film } from '../../contract/content';
import { coverUrl } from '../media';
import { shareImage } from '../share-cards/cards';
import { Breadcrumb, CategoryLinks, imageLoading } from './content/parts';
import { type PageContext, renderDocument } from './document';

const SECTION = '宣传片';
const filmHref = (film: Film) => `/propaganda-film/${film.year}/${film.name}`;
const poster = (film: Film) => coverUrl('film', film.name);
const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function YearLinks({ years, current }: { years: number[]; current: number | null }) {
  return (
    <CategoryLinks
      label="按年份"
      current={current}
      items={[
        { id: null, label: '全部', href: '/propaganda-film' },
        ...years.map((year) => ({ id: year, label: `${year} 年`, href: `/propaganda-film/${year}` })),
      ]}
    />
  );
}

/** Films by year (`/propaganda-film`, `/propaganda-film/{year}`). */
export function renderFilmList(context: PageContext, data: { films: Film[]; years: number[]; year: number | null }) {
  const heading = data.year === null ? SECTION : `${data.year} 年${SECTION}`;
  return renderDocument(
    {
      title: `${heading} - 智造云`,
      description: '智造云品牌宣传片与工厂纪实影片。',
      canonical: data.year === null ? '/propaganda-film' : `/propaganda-film/${data.year}`,
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: SECTION }]} />
          <h1>{heading}</h1>
          <YearLinks years={data.years} current={data.year} />
          <div className="cards">
            {data.films.map((film, index) => (
              <article className="card" key={film.id}>
                <img src={poster(film)} alt="" width="320" height="180" {...imageLoading(index === 0)} />
                <h2>
                  <a href={filmHref(film)}>{film.title}</a>
                </h2>
                <p className="meta">
                  {film.year} 年 · 时长 {minutes(film.duration)}
                </p>
                <p>{film.description}</p>
              </article>
            ))}
          </div>
        </main>
      ),
    },
    context,
  );
}

/** One film: the player with its poster, and the other films of its year. */
/** `video`: the film's address without its extension (`.webm`, with captions in `.vtt`), or null. */
export function renderFilm(context: PageContext, data: { film: Film; sameYear: Film[]; video: string | null }) {
  const { film } = data;
  return renderDocument(
    {
      title: `${film.title} - ${SECTION} - 智造云`,
      description: film.description,
      canonical: filmHref(film),
      ogType: 'article',
      image: shareImage('film', film.name, film.title),
      children: (
        <main id="main" className="page">
          <Breadcrumb
            trail={[
              { label: SECTION, href: '/propaganda-film' },
              { label: `${film.year} 年`, href: `/propaganda-film/${film.year}` },
              { label: film.title },
            ]}
          />
          <h1>{film.title}</h1>
          <figure className="film">
            {data.video ? (
              <video controls preload="none" poster={poster(film)} width="960" height="540" aria-label={film.title}>
                <source src={`${data.video}.webm`} type="video/webm" />
                <track kind="captions" src={`${data.video}.vtt`} srcLang="zh-CN" label="中文字幕" default />
              </video>
            ) : (
              <img src={poster(film)} alt={`${film.title}（海报）`} width="960" height="540" {...imageLoading(true)} />
            )}
            <figcaption>
              {film.description}（时长 {minutes(film.duration)}）
            </figcaption>
          </figure>
          {data.sameYear.length > 1 && (
            <section aria-labelledby="more">
              <h2 id="more">{film.year} 年的其他影片</h2>
              <ul>
                {data.sameYear
                  .filter((other) => other.id !== film.id)
                  .map((other) => (
                    <li key={other.id}>
                      <a href={filmHref(other)}>{other.title}</a>
                    </li>
                  ))}
              </ul>
            </section>
          )}
        </main>
      ),
    },
    context,
  );
}
