import { loadOnOf } from '../../../widgets/elements';
import type { ContentSource } from '../../data/content';
import { coverUrl } from '../../media';
import { shareImage } from '../../share-cards/cards';
import { type PageContext, renderDocument } from '../document';
import { productData } from '../structured-data';
import { Breadcrumb, Card, CategoryLinks, ConsultButton, DetailHead, Highlights, Pagination, yuan } from './parts';
import { RichText } from './rich-text';

type Products = Awaited<ReturnType<ContentSource['products']>>;
type Product = NonNullable<Awaited<ReturnType<ContentSource['product']>>>;

const listHref = (categoryId: number | null, page = 1) => {
  const query = new URLSearchParams();
  if (categoryId !== null) query.set('categoryId', String(categoryId));
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/product${text ? `?${text}` : ''}`;
};

export function renderProductList(
  context: PageContext,
  data: { products: Products; categories: Array<{ id: number; name: string }>; categoryId: number | null },
): string {
  const category = data.categories.find((c) => c.id === data.categoryId);
  const title = category ? `${category.name} - 产品中心 - 智造云` : '产品中心 - 智造云';
  return renderDocument(
    {
      title,
      description:
        '智造云产品中心：设备物联、生产运营、能源与安全、数字孪生与 AI 等工业数字化产品，按需选择版本与价格。',
      canonical: listHref(data.categoryId, data.products.page),
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: '产品中心' }]} />
          <h1>产品中心</h1>
          <CategoryLinks
            label="产品分类"
            current={data.categoryId}
            items={[
              { id: null, label: '全部', href: listHref(null) },
              ...data.categories.map((c) => ({ id: c.id, label: c.name, href: listHref(c.id) })),
            ]}
          />
          <div className="cards">
            {data.products.list.map((product, index) => (
              <Card
                key={product.id}
                first={index === 0}
                href={`/product/${product.id}`}
                title={product.name}
                text={product.summary}
                image={coverUrl('product', product.id)}
              />
            ))}
          </div>
          <Pagination {...data.products} href={(page) => listHref(data.categoryId, page)} />
        </main>
      ),
    },
    context,
  );
}

export function renderProductDetail(context: PageContext, product: Product): string {
  const image = shareImage('product', product.id, product.name);
  return renderDocument(
    {
      title: `${product.name} - 产品中心 - 智造云`,
      description: product.summary,
      canonical: `/product/${product.id}`,
      ogType: 'article',
      image,
      // Rich results need an offer: a product without editions states none.
      structuredData: product.editions.length > 0 ? [productData(context.origin, product, image)] : [],
      printable: true,
      children: (
        <main id="main" className="page">
          <Breadcrumb
            trail={[
              { label: '产品中心', href: '/product' },
              { label: product.categoryName, href: listHref(product.categoryId) },
              { label: product.name },
            ]}
          />
          <DetailHead eyebrow={product.categoryName} title={product.name} lead={product.summary} />
          <ConsultButton associationNo={product.associationNo} />
          <section aria-labelledby="highlights">
            <h2 id="highlights">产品亮点</h2>
            <Highlights items={product.highlights} />
          </section>
          <section aria-labelledby="description">
            <h2 id="description">产品介绍</h2>
            <RichText html={product.descriptionHtml} />
          </section>
          <section aria-labelledby="scenarios">
            <h2 id="scenarios">适用场景</h2>
            <ul>
              {product.scenarios.map((text: string) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="editions">
            <h2 id="editions">版本与价格</h2>
            <div className="editions">
              {product.editions.map(
                (edition: { id: number; name: string; priceFen: number; unit: string; features: string[] }) => (
                  <article key={edition.id} className="edition">
                    <h3>{edition.name}</h3>
                    <p className="price">
                      {yuan(edition.priceFen)}
                      <span>/{edition.unit}</span>
                    </p>
                    <ul>
                      {edition.features.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                    <portal-order-guard load-on={loadOnOf('portal-order-guard')}>
                      <a
                        className="button primary"
                        href={`/order/create?productId=${product.id}&edition=${edition.id}`}
                      >
                        立即订购
                      </a>
                    </portal-order-guard>
                  </article>
                ),
              )}
            </div>
          </section>
        </main>
      ),
    },
    context,
  );
}
