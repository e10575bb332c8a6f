import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';
import * as c from './links.css';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href'> & { href: string };

/**
 * A link inside the app that reads as the text around it (a card's title) until hovered; it navigates in place.
 * Takes the anchor's attributes (id, aria-label, data-keyitem …).
 */
export function TextLink({ href, children, ...rest }: AnchorProps & { children: ReactNode }) {
  return (
    <Link href={href} className={c.textLink} {...rest}>
      {children}
    </Link>
  );
}

/** A small pill that is a link: one of a row of related places (a site's sub-sites). The caller's onClick may route it. */
export const ChipLink = forwardRef<HTMLAnchorElement, AnchorProps & { children: ReactNode }>(function ChipLink({ children, ...rest }, ref) {
  return (
    <a ref={ref} className={c.chipLink} {...rest}>
      {children}
    </a>
  );
});

/** A small card that is one link: a title and, under it, one quiet line (a site and its address). */
export const CardLink = forwardRef<HTMLAnchorElement, Omit<AnchorProps, 'title'> & { title: ReactNode; detail?: ReactNode }>(function CardLink({ title, detail, ...rest }, ref) {
  return (
    <a ref={ref} className={c.cardLink} {...rest}>
      <span className={c.cardLinkTitle}>{title}</span>
      {detail && <span className={c.cardLinkDetail}>{detail}</span>}
    </a>
  );
});
