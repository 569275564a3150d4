/**
 * The files of a new element's folder, the way every element folder looks: the
 * element file (its tag, its JSDoc reference, `defineElement`), the component and
 * its view, the styles, a widget test and a README. What they hold is a working
 * greeting, so that the build, the manifest, the typings and /docs have something
 * true to show until the element does its own work.
 */

/** The names one element is written with, from its folder name (`hello-world`). */
export interface ElementNames {
  folder: string;
  tag: string;
  /** `HelloWorld`: the component; `HelloWorldView`, `HelloWorldProps` follow. */
  pascal: string;
  /** `HELLO_WORLD_TAG`. */
  constant: string;
  /** `Hello world`. */
  title: string;
}

export function elementNames(folder: string): ElementNames {
  const words = folder.split('-');
  const pascal = words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
  const title = words.join(' ');
  return {
    folder,
    tag: `portal-${folder}`,
    pascal,
    constant: `${words.join('_').toUpperCase()}_TAG`,
    title: title[0]?.toUpperCase() + title.slice(1),
  };
}

const elementFile = ({
  folder,
  tag,
  pascal,
  constant,
  title,
}: ElementNames) => `import { defineElement } from '../core/define';
import styles from './${folder}.css';
import { ${pascal}, type ${pascal}Props } from './${pascal}';

export const ${constant} = '${tag}';

/**
 * ${title}: a greeting with a button. Say here what the element shows and does, for
 * the people who put it on their pages: this block is its reference (the custom
 * elements manifest, the typings for React, Preact and Vue, and /docs/${tag}).
 *
 * @summary ${title}.
 * @attr lang - \`zh-CN\` or \`en\`; defaults to the nearest \`lang\` on the page.
 * @attr name - Who is greeted; the visitor when absent.
 * @event ${tag}-greeted - The greeting's button was pressed (detail: \`{name}\`).
 * @csspart box - The element's box.
 * @csspart button - The greeting's button.
 * @cssproperty --${tag}-color - Text colour (#1d2129).
 * @cssproperty --portal-accent-color - The button's colour.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 */
export const Portal${pascal} = defineElement<${pascal}Props>(${constant}, ${pascal}, {
  props: { lang: 'string', name: 'string' },
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': HTMLElement;
  }
  interface GlobalEventHandlersEventMap {
    '${tag}-greeted': CustomEvent<{ name: string }>;
  }
}
`;

const componentFile = ({ tag, pascal }: ElementNames) => `import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { ${pascal}View } from './${pascal}View';

export interface ${pascal}Props extends ElementProps {
  lang?: string;
  name?: string;
}

/** The element's behaviour: its language, and the event its button fires. */
export function ${pascal}({ host, lang, name }: ${pascal}Props) {
  return (
    <${pascal}View
      lang={resolveLang(host, lang)}
      name={name}
      onGreet={(greeted) => emit(host, '${tag}-greeted', { name: greeted })}
    />
  );
}
`;

const viewFile = ({ pascal }: ElementNames) => `import type { Lang } from '../core/i18n';

export interface ${pascal}ViewProps {
  lang: Lang;
  name?: string;
  onGreet?: (name: string) => void;
}

const TEXT = {
  'zh-CN': { visitor: '访客', hello: (name: string) => \`你好，\${name}！\`, greet: '打招呼' },
  en: { visitor: 'visitor', hello: (name: string) => \`Hello, \${name}!\`, greet: 'Say hello' },
} as const;

/** What the element shows: plain props in, markup out (a server can render it too). */
export function ${pascal}View({ lang, name, onGreet }: ${pascal}ViewProps) {
  const text = TEXT[lang];
  const greeted = name || text.visitor;
  return (
    <div className="box" part="box">
      <p>{text.hello(greeted)}</p>
      <button type="button" className="button" part="button" onClick={() => onGreet?.(greeted)}>
        {text.greet}
      </button>
    </div>
  );
}
`;

const stylesFile = ({ tag }: ElementNames) => `:host {
  display: block;
  color: var(--${tag}-color, #1d2129);
  font-family: var(--portal-font-family, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif);
}

.box {
  padding: 16px;
}

.button {
  padding: 6px 16px;
  border: 0;
  border-radius: 4px;
  background: var(--portal-accent-color, #1664ff);
  color: #fff;
  font: inherit;
  cursor: pointer;
}
`;

const testFile = ({ folder, tag }: ElementNames) => `import { expect } from 'chai';
import { axeViolations } from '../test-support/axe';
import { waitFor } from '../test-support/wait';
import './${folder}.element';

const mount = (attributes: Record<string, string> = {}) => {
  const element = document.createElement('${tag}');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
};
const text = (element: HTMLElement) => element.shadowRoot?.textContent ?? '';

describe('<${tag}>', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('${tag}')) element.remove();
  });

  it('greets in Chinese by default, in English with lang="en"', async () => {
    const chinese = mount({ name: '小明' });
    await waitFor(() => text(chinese).includes('你好，小明！'), 'the Chinese greeting');
    const english = mount({ lang: 'en' });
    await waitFor(() => text(english).includes('Hello, visitor!'), 'the English greeting');
    expect(await axeViolations(chinese)).to.deep.equal([]);
  });

  it('fires ${tag}-greeted with the name when its button is pressed', async () => {
    const element = mount({ name: '小明' });
    await waitFor(() => element.shadowRoot?.querySelector('button'), 'the button');
    const fired = new Promise<CustomEvent<{ name: string }>>((resolve) =>
      document.addEventListener('${tag}-greeted', resolve, { once: true }),
    );
    element.shadowRoot?.querySelector('button')?.click();
    expect((await fired).detail).to.deep.equal({ name: '小明' });
  });
});
`;

const readmeFile = ({ folder, tag, pascal, title }: ElementNames) => `# \`<${tag}>\`

${title}: say here what the element is for. Its reference (attributes, events, parts,
custom properties) is the JSDoc block in [${folder}.element.ts](${folder}.element.ts),
published as \`custom-elements.json\` and on the portal's \`/docs/${tag}\`.

## Usage

\`\`\`html
<script type="module" src="https://PORTAL/widgets/esm/${tag}.js"></script>
<${tag} name="小明"></${tag}>
\`\`\`

## Files

- \`${folder}.element.ts\`: the tag, its reference, \`defineElement\`.
- \`${pascal}.tsx\`: its behaviour; \`${pascal}View.tsx\`: its markup, from plain props.
- \`${folder}.css\`: its shadow root's styles.
- \`${folder}.test.ts\`: its widget test (\`npm run test:widgets\`).

Its line in [widgets/elements.ts](../elements.ts) says how pages load it (\`script\`) and
which layouts carry it (none yet).
`;

/** File name -> content, for `widgets/<folder>/`. */
export function elementFolderFiles(names: ElementNames): Record<string, string> {
  return {
    [`${names.folder}.element.ts`]: elementFile(names),
    [`${names.pascal}.tsx`]: componentFile(names),
    [`${names.pascal}View.tsx`]: viewFile(names),
    [`${names.folder}.css`]: stylesFile(names),
    [`${names.folder}.test.ts`]: testFile(names),
    'README.md': readmeFile(names),
  };
}
