import { directionOf, setLocale, type Locale } from '../i18n';

/** What the document shows of the preferences; the theme classes read these attributes. */
export function applyToDocument(p: { locale: Locale; sidebarTheme: string; topbarTheme: string; backgroundTheme: string; mode: string }): void {
  setLocale(p.locale);
  const html = document.documentElement;
  html.lang = p.locale;
  html.dir = directionOf(p.locale);
  html.dataset.mode = p.mode;
  html.dataset.sidebarTheme = p.sidebarTheme;
  html.dataset.topbarTheme = p.topbarTheme;
  html.dataset.backgroundTheme = p.backgroundTheme;
}

/** The page title and favicon of the white-label settings. */
export function applyBranding(title: string, faviconUrl: string): void {
  document.title = title;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!faviconUrl) return;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = faviconUrl;
}
