/**
 * The few line icons of the shell, drawn inline so they need no font and follow the text colour. Always decoration:
 * the control that holds one carries the name.
 */
const PATHS = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  more: 'M12 5.5v.01M12 12v.01M12 18.5v.01',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20',
  close: 'M6 6l12 12M18 6 6 18',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
} as const;

export type IconName = keyof typeof PATHS;

/** A 1em line icon; `more` is drawn with round dots. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={name === 'more' ? 3 : 2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
