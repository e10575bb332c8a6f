/**
 * The coordinates helper of docs/product.md, Sites and coordinates, shared by the server (sites store latitude/longitude from the text as entered)
 * and the client.
 *
 * One angle is written as 2 or 3 comma-separated parts, "degrees,minutes" or "degrees,minutes,seconds":
 * - each part is a plain decimal number (digits with an optional fraction; no exponent, no thousands separator);
 *   spaces around parts are ignored;
 * - degrees may carry a sign, `-` (south or west) or `+`, which applies to the whole angle, so "-0,7,39.9" is
 *   −0.127750 (the sign of a zero degree part is not lost);
 * - instead of a sign, the angle may end with a hemisphere letter N, S, E or W (either case, spaces allowed
 *   before it); S and W are negative. A sign and a letter together are ambiguous and not an angle;
 * - degrees are at most 180, minutes and seconds are below 60.
 * The answer is decimal degrees rounded half away from zero to 6 decimals ("51,30,26.5" → 51.507361).
 * Anything else — not numeric, out of range, 1 part or 4 and more — is returned unchanged, as docs/product.md, Sites and coordinates asks.
 */
export function dmsToDecimal(value: string): number | string {
  const m = /^\s*([+-]?)([^NSEWnsew]*?)\s*([NSEWnsew]?)\s*$/.exec(value);
  if (!m) return value;
  const [, sign = '', body = '', hemisphere = ''] = m;
  if (sign && hemisphere) return value;
  const parts = body.split(',').map((p) => p.trim());
  if (parts.length < 2 || parts.length > 3) return value;
  if (!parts.every((p) => /^\d+(\.\d+)?$/.test(p))) return value;
  const [deg = 0, min = 0, sec = 0] = parts.map(Number);
  if (deg > 180 || min >= 60 || sec >= 60) return value;
  const negative = sign === '-' || /[SWsw]/.test(hemisphere);
  const rounded = Math.round((deg + min / 60 + sec / 3600) * 1e6) / 1e6;
  // A rounded zero is 0, not −0, whatever the sign.
  return negative && rounded !== 0 ? -rounded : rounded;
}

/** What a site's coordinates text gives: decimal latitude and longitude, or null when it is not a valid pair. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/**
 * A site's coordinates as entered: latitude and longitude, each an angle dmsToDecimal accepts, separated by a
 * semicolon ("51,30,26.5 N; 0,7,39.9 W"). Latitude must be within ±90 and must not be marked E or W, longitude
 * within ±180 and not marked N or S. Anything else is null: the text is kept as entered and the site has no position.
 */
export function parseCoordinates(text: string): LatLon | null {
  const halves = text.split(';');
  if (halves.length !== 2) return null;
  const [latText = '', lonText = ''] = halves;
  if (/[EWew]\s*$/.test(latText) || /[NSns]\s*$/.test(lonText)) return null;
  const latitude = dmsToDecimal(latText);
  const longitude = dmsToDecimal(lonText);
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The text parseCoordinates reads back, with hemisphere letters: 51.507361, −0.12775 → "51,30,26.5 N; 0,7,39.9 W". */
export function formatCoordinates({ latitude, longitude }: LatLon): string {
  const dms = (v: number, pos: string, neg: string) => {
    // Tenths of a second are about 3 m, enough for a building.
    const tenths = Math.round(Math.abs(v) * 36_000);
    const deg = Math.floor(tenths / 36_000);
    const min = Math.floor((tenths % 36_000) / 600);
    const sec = (tenths % 600) / 10;
    return `${deg},${min},${sec.toFixed(1)} ${v < 0 ? neg : pos}`;
  };
  return `${dms(latitude, 'N', 'S')}; ${dms(longitude, 'E', 'W')}`;
}
