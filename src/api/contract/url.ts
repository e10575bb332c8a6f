/**
 * True when `v` has white space, a control character or a backslash: none belongs in an address we put into a page
 * attribute or a redirect, and browsers read "/\host" as another origin.
 */
export function hasUnsafeUrlCharacter(v: string): boolean {
  for (const ch of v) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || c === 0x7f || ch === '\\' || /\s/.test(ch)) return true;
  }
  return false;
}

/** A path on this site ("/reports?x=1"), never a protocol-relative "//other.host". */
export const isSitePath = (v: string): boolean => v.startsWith('/') && !v.startsWith('//') && !hasUnsafeUrlCharacter(v);
