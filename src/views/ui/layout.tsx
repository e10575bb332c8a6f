import { useId, type CSSProperties, type ReactNode } from 'react';
import * as l from './layout.css';

type Gap = keyof typeof l.gap;

export interface PageProps {
  /** The page's h1, also the section's accessible name. */
  title: ReactNode;
  /** One line under the title saying what the page is for. */
  subtitle?: ReactNode;
  /** The page's own actions, at the end of the header (a primary "New …", a refresh). */
  actions?: ReactNode;
  /** `wide` for walls of data, `narrow` for a form page. */
  width?: 'wide' | 'normal' | 'narrow';
  /** The h1's id; `page-title` unless a page holds two. */
  titleId?: string;
  children?: ReactNode;
}

/** A signed-in screen: a section named by its header, then the screen's content. */
export function Page({ title, subtitle, actions, width = 'normal', titleId = 'page-title', children }: PageProps) {
  return (
    <section aria-labelledby={titleId} className={l.page[width]}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} titleId={titleId} />
      {children}
    </section>
  );
}

/** A page's header: title and subtitle at the start, its actions at the end; wraps on a phone. */
export function PageHeader({ title, subtitle, actions, titleId = 'page-title', level = 1 }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; titleId?: string; /** 2 for a section of a page. */ level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={l.pageHeader}>
      <div className={l.pageHeading}>
        <Heading id={titleId} tabIndex={-1} className={level === 1 ? l.title : l.sectionTitle}>
          {title}
        </Heading>
        {subtitle && <p className={l.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={l.actions}>{actions}</div>}
    </header>
  );
}

/** Children one under another with a gap from the spacing scale. */
export function Stack({ gap = 'md', as: Tag = 'div', children, ...aria }: { gap?: Gap; as?: 'div' | 'section' | 'ul'; children: ReactNode; 'aria-labelledby'?: string; 'aria-label'?: string }) {
  return (
    <Tag className={`${l.stack} ${l.gap[gap]}`} {...aria}>
      {children}
    </Tag>
  );
}

/** Children side by side, wrapping when they do not fit (buttons, badges, filters). */
export function Cluster({ gap = 'sm', justify = 'start', align = 'center', children }: { gap?: Gap; justify?: keyof typeof l.justify; align?: keyof typeof l.align; children: ReactNode }) {
  return <div className={`${l.cluster} ${l.gap[gap]} ${l.justify[justify]} ${l.align[align]}`}>{children}</div>;
}

/**
 * As many equal columns as fit, each at least `min` wide (a wall of cards or tiles). As a `ul` it is a list without
 * markers or indent, and each item stretches its content to the row's height, so a row of cards lines up.
 */
export function Grid({ min = '16rem', gap = 'md', as: Tag = 'div', keyList, children, ...aria }: {
  min?: string;
  gap?: Gap;
  as?: 'div' | 'ul';
  /** The list that the j/k keys move through (its items carry `data-keyitem`). */
  keyList?: boolean;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <Tag className={`${l.grid} ${l.gap[gap]}${Tag === 'ul' ? ` ${l.gridList}` : ''}`} style={{ '--ui-grid-min': min } as CSSProperties} data-keylist={keyList || undefined} {...aria}>
      {children}
    </Tag>
  );
}

/** The row of controls above a list: filters at the start, `end` at the end. */
export function Toolbar({ children, end, label }: { children?: ReactNode; end?: ReactNode; /** Names the group when it holds more than one control. */ label?: string }) {
  return (
    <div className={l.toolbar} role={label ? 'group' : undefined} aria-label={label}>
      {children}
      {end && <div className={l.toolbarEnd}>{end}</div>}
    </div>
  );
}

export interface CardProps {
  /** The card's heading (h2 unless `level` says otherwise); names the card's section. */
  title?: ReactNode;
  level?: 2 | 3;
  /** Beside the title: a count, a badge, a small action. */
  meta?: ReactNode;
  /** Inner spacing; `none` for a card that holds a table edge to edge. */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** For a card named by something else than its title. */
  label?: string;
  children?: ReactNode;
}

/** The product's one card: a quiet surface with a hairline border. With a title it is a named section. */
export function Card({ title, level = 2, meta, padding = 'md', label, children }: CardProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const named = title !== undefined || label !== undefined;
  const head = title !== undefined && (
    <div className={padding === 'none' ? `${l.cardHeader} ${l.cardHeaderFlush}` : l.cardHeader}>
      <Heading id={id} className={l.cardTitle}>
        {title}
      </Heading>
      {meta && <div className={l.cardMeta}>{meta}</div>}
    </div>
  );
  const className = `${l.card} ${l.cardPadding[padding]}`;
  return named ? (
    <section className={className} aria-labelledby={title !== undefined ? id : undefined} aria-label={title === undefined ? label : undefined}>
      {head}
      {children}
    </section>
  ) : (
    <div className={className}>{children}</div>
  );
}

/** A name or value on one line, cut at the end of its own text, whole on hover (see `truncated` for why dir="auto"). */
export function Truncated({ text }: { text: string }) {
  return (
    <span className={l.truncated} dir="auto" title={text}>
      {text}
    </span>
  );
}

/** Secondary text (a caption, a count, a time). */
export function Muted({ children, small, as: Tag = 'span' }: { children: ReactNode; small?: boolean; as?: 'span' | 'p' }) {
  return <Tag className={[l.muted, small ? l.small : '', Tag === 'p' ? l.text : ''].join(' ')}>{children}</Tag>;
}

/** A thin heading bar inside a card, above a part of it (a hub above its nodes): a title and what sits at its end. */
export function SectionBar({ title, end, level = 3 }: { title: ReactNode; end?: ReactNode; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className={l.sectionBar}>
      <Heading className={l.sectionBarTitle}>{title}</Heading>
      {end}
    </div>
  );
}

/** A list and the detail of its chosen row: side by side on a wide screen, one under the other on a narrow one. */
export function Split({ main, aside }: { main: ReactNode; aside: ReactNode }) {
  return (
    <div className={l.split}>
      <div className={l.stack}>{main}</div>
      {aside}
    </div>
  );
}
