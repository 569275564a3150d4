import type { FriendlyLink, Lang, PageCommon, Theme } from '../../contract/page-data';
import { isMobileUserAgent } from '../../contract/user-agent';
import { launcherMarkup } from '../../widgets/chat-launcher/markup';
import { loadOnOf } from '../../widgets/elements';
import { FloatButtonsView } from '../../widgets/float-buttons/FloatButtonsView';
import { FooterView } from '../../widgets/footer/FooterView';
import { HeaderView } from '../../widgets/header/HeaderView';
import { isActive, menuEntries } from '../../widgets/header/menu';
import { LoginView } from '../../widgets/login/LoginView';
import { TopicHeaderView } from '../../widgets/topic-header/TopicHeaderView';
import { mediaUrl } from '../media';
import type { PageAssets } from './assets';
import { ShadowElement } from './shadow';

/** What the chrome of one page is rendered from. */
export interface ChromeContext {
  assets: PageAssets;
  lang: Lang;
  path: string;
  theme: Theme;
  userAgent: string;
  pageCommon: PageCommon | null;
  friendlyLinks: FriendlyLink[];
}

const css = (context: ChromeContext, file: string) => context.assets.elementStyles[file] ?? '';

/** The menu entries a path makes active (SPEC §2), as a key: all the header reads of the path. */
const activeEntries = (context: ChromeContext) =>
  menuEntries(null, context.lang)
    .map((entry) => (isActive(context.path, entry) ? 1 : 0))
    .join('');

/** Phones get no sign-in widget (SPEC §2): the header leaves the element out, so its code and its check never come. */
export function SiteHeader({ context }: { context: ChromeContext }) {
  const login = isMobileUserAgent(context.userAgent) ? null : (
    <ShadowElement
      tag="portal-login"
      attributes={{ lang: context.lang, 'load-on': loadOnOf('portal-login') }}
      css={css(context, 'login.css')}
    >
      <LoginView lang={context.lang} state="loading" welcomeUrl="" base="" mobile={false} />
    </ShadowElement>
  );
  const device = login ? 'desktop' : 'phone';
  return (
    <ShadowElement
      tag="portal-header"
      attributes={{ theme: context.theme, 'load-on': loadOnOf('portal-header') }}
      css={css(context, 'header.css')}
      noscriptCss={css(context, 'header.noscript.css')}
      kept={{
        objects: [context.assets, context.pageCommon],
        key: `${context.lang} ${context.theme} ${device} ${activeEntries(context)}`,
      }}
    >
      <HeaderView
        lang={context.lang}
        theme={context.theme}
        path={context.path}
        pageCommon={context.pageCommon}
        menuOpen={false}
        base=""
        login={login}
      />
    </ShadowElement>
  );
}

export function SiteFooter({ context }: { context: ChromeContext }) {
  return (
    <ShadowElement
      tag="portal-footer"
      attributes={{ 'load-on': loadOnOf('portal-footer') }}
      css={css(context, 'footer.css')}
      noscriptCss={css(context, 'footer.noscript.css')}
      kept={{ objects: [context.assets, context.pageCommon, context.friendlyLinks], key: context.lang }}
    >
      <FooterView
        lang={context.lang}
        pageCommon={context.pageCommon}
        friendlyLinks={context.friendlyLinks}
        openColumn={null}
        base=""
      />
    </ShadowElement>
  );
}

export function FloatButtons({ context }: { context: ChromeContext }) {
  return (
    <ShadowElement
      tag="portal-float-buttons"
      attributes={{ 'load-on': loadOnOf('portal-float-buttons') }}
      css={css(context, 'float-buttons.css')}
      kept={{ objects: [context.assets], key: context.lang }}
    >
      {/* The chat launcher comes with them on the same pages: it is the way into the chat. */}
      <FloatButtonsView lang={context.lang} contact={false} />
    </ShadowElement>
  );
}

/**
 * The chat launcher's button, ready before any script: `chat.js` (told by its
 * `data-load-on`) fetches the launcher's code only when the visitor wants it.
 * Without scripts there is no chat, so no button.
 */
export function ChatLauncher({ context }: { context: ChromeContext }) {
  return (
    <ShadowElement
      tag="portal-chat-launcher"
      css={css(context, 'chat-launcher.css')}
      noscriptCss={css(context, 'chat-launcher.noscript.css')}
      kept={{ objects: [context.assets], key: context.lang }}
    >
      {{ html: launcherMarkup(context.lang === 'en' ? 'en' : 'zh-CN') }}
    </ShadowElement>
  );
}

export function TopicHeader({ context, phone }: { context: ChromeContext; phone: string }) {
  // The element is told its logo, so that it renders the same address once hydrated.
  const logo = mediaUrl('/media/logo.svg');
  return (
    <ShadowElement
      tag="portal-topic-header"
      attributes={{ phone, logo, 'load-on': loadOnOf('portal-topic-header') }}
      css={css(context, 'topic-header.css')}
      noscriptCss={css(context, 'topic-header.noscript.css')}
      kept={{ objects: [context.assets], key: `${context.lang} ${phone}` }}
    >
      <TopicHeaderView lang={context.lang} phone={phone} logo={logo} menuOpen={false} base="" />
    </ShadowElement>
  );
}

/** The certify layout's bar: the logo home, nothing to navigate away to. */
export function CertifyBar() {
  return (
    <header className="certify-bar">
      <a href="/" aria-label="智造云首页">
        <img src={mediaUrl('/media/logo.svg')} alt="" width="128" height="32" />
      </a>
    </header>
  );
}
