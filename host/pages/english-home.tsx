import { siteShareImage } from '../share-cards/cards';
import { Highlights } from './content/parts';
import { type PageContext, renderDocument } from './document';
import { LanguageAlternates } from './language-alternates';

const DIRECTIONS = [
  {
    title: 'Connected equipment',
    text: 'Connect PLCs, CNC machines and meters over OPC UA, Modbus and S7, and see every machine’s state live.',
  },
  {
    title: 'Production operations',
    text: 'MES, quality and warehouse applications configured with low code, tracing every part from order to shipment.',
  },
  {
    title: 'Energy and safety',
    text: 'Metering, carbon accounting and safety inspections in one place, with alerts before limits are crossed.',
  },
  {
    title: 'Industrial AI',
    text: 'Vision inspection and predictive maintenance trained on your own data and run at the edge.',
  },
];

/** `/en`: the English home page, with English chrome (the elements follow `<html lang="en">`). */
export function renderEnglishHome(context: PageContext): string {
  return renderDocument(
    {
      title: 'Zhizaoyun Industrial Internet Platform - Digital transformation for manufacturers',
      description:
        'Zhizaoyun provides industrial IoT, production management, energy optimisation and digital twin products and solutions for manufacturers.',
      canonical: '/en',
      image: siteShareImage('Zhizaoyun Industrial Internet Platform'),
      head: <LanguageAlternates origin={context.origin} />,
      children: (
        <main id="main" className="page home">
          <section className="hero" aria-labelledby="hero-title">
            <h1 id="hero-title">Zhizaoyun Industrial Internet Platform</h1>
            <p className="lead">
              Products and solutions that help manufacturers connect their equipment, run production on data, save
              energy and work safely.
            </p>
            <p className="actions">
              <a className="button primary" href="/product" hrefLang="zh-CN">
                Products (in Chinese)
              </a>
              <a className="button" href="/about#contact" hrefLang="zh-CN">
                Contact us
              </a>
            </p>
          </section>
          <section aria-labelledby="directions">
            <h2 id="directions">What we do</h2>
            <Highlights items={DIRECTIONS} />
          </section>
          <section aria-labelledby="more">
            <h2 id="more">Learn more</h2>
            <p>
              Our solutions, customer cases and news are published in Chinese:{' '}
              <a href="/solution" hrefLang="zh-CN">
                solutions
              </a>
              ,{' '}
              <a href="/cases" hrefLang="zh-CN">
                cases
              </a>{' '}
              and{' '}
              <a href="/news/type" hrefLang="zh-CN">
                news
              </a>
              .
            </p>
          </section>
        </main>
      ),
    },
    { ...context, lang: 'en' },
  );
}
