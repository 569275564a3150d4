// Every element of the custom elements manifest, live, with its reference: in both
// languages and both themes, on a desktop stage and a 375 px (mobile) stage, and
// the events they fire. New elements appear as soon as the manifest lists them.
const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'en' ? 'en' : 'zh-CN';
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
const portal = new URL(document.querySelector('script[src$="/widgets/portal.js"]').src).origin;
const root = document.getElementById('gallery');
document.documentElement.lang = lang;

const TEXT = {
  'zh-CN': {
    title: '门户组件一览',
    language: '语言',
    theme: '主题',
    light: '浅色',
    dark: '深色',
    desktop: '桌面',
    mobile: '移动端（375 像素）',
    attributes: '属性',
    events: '事件',
    parts: 'CSS 部件',
    properties: 'CSS 自定义属性',
    slots: '插槽',
    name: '名称',
    type: '类型',
    default: '默认值',
    description: '说明',
    log: '组件事件',
    states: '登录状态：页面上的登录组件显示检查中、已登录或未登录；在门户或控制台登录、退出，这里随之变化。',
    emptyUntil: {
      'portal-agreement-dialog': '访客没有待确认的协议，这里暂无内容：以 newterms 登录后，协议对话框显示在这里。',
    },
  },
  en: {
    title: 'Portal elements',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    desktop: 'Desktop',
    mobile: 'Mobile (375 px)',
    attributes: 'Attributes',
    events: 'Events',
    parts: 'CSS parts',
    properties: 'CSS custom properties',
    slots: 'Slots',
    name: 'Name',
    type: 'Type',
    default: 'Default',
    description: 'Description',
    log: 'Element events',
    states:
      'Sign-in states: the sign-in widget shows checking, signed in or signed out; signing in or out on the portal or the console changes it here.',
    emptyUntil: {
      'portal-agreement-dialog':
        'A visitor has no pending agreements, so nothing shows here yet: sign in as newterms and the dialog appears here.',
    },
  },
}[lang];

/**
 * Extra states per element: attributes to set, markup to slot in and, for
 * dialogs, what opens them. A state that opens a modal dialog is shown in a frame
 * of its own, so the dialog keeps to its stage and the gallery stays usable.
 * Elements not listed get their default state. <portal-agreement-dialog> shows
 * only for a signed-in user with agreements pending: sign in here as `newterms`.
 */
const GUARDED_LINK = '<a href="#order">立即订购 / Order now</a>';
const STATES = {
  // In frames too: two headers in one page would be two navigation landmarks of one name.
  'portal-header': [{ label: 'no-login', attributes: { 'no-login': '' }, frame: true }],
  'portal-topic-header': [{ label: 'phone', attributes: { phone: '400-000-0000' }, frame: true }],
  'portal-order-guard': [
    { label: 'link', content: GUARDED_LINK },
    { label: 'prompt', content: GUARDED_LINK, frame: true, open: (element) => element.querySelector('a')?.click() },
  ],
  'portal-chat-launcher': [{ label: 'open', frame: true, open: (element) => element.open() }],
};

const html = (strings, ...values) =>
  strings.reduce((out, s, i) => out + s + (i < values.length ? escapeHtml(values[i]) : ''), '');
const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function createElement(declaration, attributes = {}, content = '') {
  const element = document.createElement(declaration.tagName);
  element.innerHTML = content;
  const names = new Set((declaration.attributes ?? []).map((a) => a.name));
  if (names.has('lang')) element.setAttribute('lang', lang);
  if (names.has('theme')) element.setAttribute('theme', theme);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function table(caption, rows, columns) {
  if (!rows?.length) return '';
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => (i === 0 ? html`<td><code>${cell}</code></td>` : html`<td>${cell}</td>`)).join('')}</tr>`,
    )
    .join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** What a stage shows while its element has nothing to show a visitor (a stage is never blank). */
function emptyNote(tag) {
  const text = TEXT.emptyUntil[tag];
  if (!text) return [];
  const note = document.createElement('p');
  note.className = 'stage-note';
  note.textContent = text;
  return [note];
}

function stageOnly(declaration) {
  document.body.classList.add('stage-only');
  const stage = document.createElement('div');
  stage.className = `stage ${theme}`;
  const state = (STATES[declaration.tagName] ?? []).find((s) => s.label === params.get('state'));
  const element = createElement(declaration, state?.attributes, state?.content);
  stage.append(element, ...emptyNote(declaration.tagName));
  root.replaceChildren(stage);
  if (state?.open)
    customElements.whenDefined(declaration.tagName).then(() => setTimeout(() => state.open(element), 100));
}

function section(declaration) {
  const tag = declaration.tagName;
  const element = document.createElement('section');
  element.className = 'element';
  element.id = tag;
  element.innerHTML = html`<h2><code>&lt;${tag}&gt;</code></h2><p>${declaration.summary}</p>`;
  const views = document.createElement('div');
  views.className = 'views';
  const states = [{ label: TEXT.desktop, attributes: {} }, ...(STATES[tag] ?? [])];
  const frame = (className, title, query) => {
    const frame = document.createElement('iframe');
    frame.className = className;
    frame.title = title;
    // Not lazy: a lazy frame stayed a blank box until it was scrolled to (and in full-page screenshots).
    frame.src = `/stage?${new URLSearchParams({ tag, lang, theme, ...query })}`;
    views.append(frame);
  };
  for (const state of states) {
    if (state.frame) {
      frame(`stage ${theme} dialog`, `${tag} ${state.label}`, { state: state.label });
      continue;
    }
    const stage = document.createElement('div');
    stage.className = `stage ${theme}`;
    stage.setAttribute('role', 'group');
    stage.setAttribute('aria-label', `${tag} ${state.label}`);
    stage.append(createElement(declaration, state.attributes, state.content), ...emptyNote(tag));
    views.append(stage);
  }
  frame('stage mobile', `${tag} ${TEXT.mobile}`, {});
  element.append(views);
  element.insertAdjacentHTML(
    'beforeend',
    table(
      TEXT.attributes,
      declaration.attributes?.map((a) => [a.name, a.type?.text ?? '', a.description]),
      [TEXT.name, TEXT.type, TEXT.description],
    ) +
      table(
        TEXT.events,
        declaration.events?.map((e) => [e.name, e.type?.text ?? '', e.description]),
        [TEXT.name, TEXT.type, TEXT.description],
      ) +
      table(
        TEXT.slots,
        declaration.slots?.map((s) => [s.name || '(default)', s.description]),
        [TEXT.name, TEXT.description],
      ) +
      table(
        TEXT.parts,
        declaration.cssParts?.map((p) => [p.name, p.description]),
        [TEXT.name, TEXT.description],
      ) +
      table(
        TEXT.properties,
        declaration.cssProperties?.map((p) => [p.name, p.default ?? '', p.description]),
        [TEXT.name, TEXT.default, TEXT.description],
      ),
  );
  return element;
}

function controls() {
  const link = (key, value, label) => {
    const next = new URLSearchParams({ lang, theme, [key]: value });
    const current = (key === 'lang' ? lang : theme) === value;
    return html`<a href="?${next}" aria-current="${current}" lang="${key === 'lang' ? value : lang}">${label}</a>`;
  };
  return `<nav class="controls" aria-label="${escapeHtml(TEXT.title)}">
    <span>${escapeHtml(TEXT.language)}</span>${link('lang', 'zh-CN', '中文')}${link('lang', 'en', 'English')}
    <span>${escapeHtml(TEXT.theme)}</span>${link('theme', 'light', TEXT.light)}${link('theme', 'dark', TEXT.dark)}
  </nav>`;
}

async function main() {
  const manifest = await (await fetch(`${portal}/widgets/custom-elements.json`)).json();
  const declarations = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);
  // portal.js defines the elements of portal pages; the others (the chat launcher,
  // the order pages' elements) come as ES modules, as an embedding page would take them.
  await Promise.all(
    declarations.map((d) =>
      customElements.get(d.tagName) ? undefined : import(`${portal}/widgets/esm/${d.tagName}.js`),
    ),
  );
  if (location.pathname === '/stage') {
    const declaration = declarations.find((d) => d.tagName === params.get('tag'));
    if (declaration) stageOnly(declaration);
    return;
  }
  root.innerHTML = `<h1>${escapeHtml(TEXT.title)}</h1>${controls()}<p>${escapeHtml(TEXT.states)}</p>
    <section aria-labelledby="log-title"><h2 id="log-title">${escapeHtml(TEXT.log)}</h2><div role="log"><ol id="events"></ol></div></section>`;
  const log = document.getElementById('events');
  for (const name of new Set(declarations.flatMap((d) => (d.events ?? []).map((e) => e.name)))) {
    document.addEventListener(name, (event) => {
      const item = document.createElement('li');
      item.textContent = `${event.target.localName} ${name} ${event.detail === undefined ? '' : JSON.stringify(event.detail)}`;
      log.append(item);
    });
  }
  for (const declaration of declarations) root.append(section(declaration));
  root.dataset.elements = declarations.map((d) => d.tagName).join(' ');
  root.setAttribute('aria-busy', 'false');
}

main().catch((error) => {
  root.textContent = String(error);
  root.setAttribute('aria-busy', 'false');
  throw error;
});
