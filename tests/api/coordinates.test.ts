import { describe, expect, it } from 'vitest';
import { dmsToDecimal, formatCoordinates, parseCoordinates } from '../../src/api/contract/coordinates';

describe('dmsToDecimal (docs/product.md, Sites and coordinates)', () => {
  it.each([
    ['3 parts', '51,30,26.5', 51.507361],
    ['2 parts (degrees, minutes)', '51,30', 51.5],
    ['2 parts with decimal minutes', '51,30.5', 51.508333],
    ['zero minutes and seconds', '48,0,0', 48],
    ['decimal degrees with minutes', '10.5,30', 11],
    ['spaces around parts', ' 51 , 30 , 26.5 ', 51.507361],
    ['a leading minus applies to the whole angle', '-33,51,54.5', -33.865139],
    ['a minus on zero degrees is kept', '-0,7,39.9', -0.12775],
    ['a leading plus', '+2,21,7.9', 2.352194],
    ['hemisphere N', '51,30,26.5 N', 51.507361],
    ['hemisphere S', '33,51,54.5S', -33.865139],
    ['hemisphere E', '2,21,7.9 E', 2.352194],
    ['hemisphere W on zero degrees', '0,7,39.9 W', -0.12775],
    ['hemisphere in lower case', '0,7,39.9 w', -0.12775],
    ['180 degrees', '180,0,0', 180],
    ['59.999 seconds', '0,0,59.999', 0.016666],
    ['rounding half away from zero', '0,0,0.0018', 0.000001],
    ['rounding half away from zero, negative', '-0,0,0.0018', -0.000001],
    ['a rounded zero is never −0', '-0,0,0.0001', 0],
  ])('converts %s', (_what, input, expected) => {
    const out = dmsToDecimal(input);
    expect(out).toBe(expected);
    expect(Object.is(out, -0)).toBe(false);
  });

  it('answers 6 decimals at most', () => {
    const out = dmsToDecimal('12,34,56.789');
    expect(typeof out).toBe('number');
    expect(String(out).split('.')[1]!.length).toBeLessThanOrEqual(6);
    expect(out).toBe(12.582441);
  });

  it.each([
    ['an empty string', ''],
    ['one part', '51'],
    ['one decimal part', '51.507361'],
    ['four parts', '51,30,26.5,1'],
    ['five parts', '1,2,3,4,5'],
    ['letters', 'abc'],
    ['a letter part', '51,a,3'],
    ['an empty part', '51,,30'],
    ['a trailing comma', '51,30,'],
    ['only commas', ',,'],
    ['exponent notation', '1e2,0'],
    ['hexadecimal', '0x10,0'],
    ['Infinity', 'Infinity,0'],
    ['a sign on minutes', '51,-30'],
    ['a sign on seconds', '51,30,-1'],
    ['a sign and a hemisphere', '-51,30 S'],
    ['two hemisphere letters', '51,30 NN'],
    ['a leading hemisphere letter', 'N 51,30'],
    ['60 minutes', '51,60'],
    ['60 seconds', '51,30,60'],
    ['degrees over 180', '181,0,0'],
    ['a decimal comma inside a part', '51,30,26,5,0'],
    ['a point without digits', '51,.5'],
    ['spaces inside a number', '5 1,30'],
    ['words around numbers', 'lat 51,30'],
  ])('returns %s unchanged', (_what, input) => {
    expect(dmsToDecimal(input)).toBe(input);
  });
});

describe('site coordinates (latitude; longitude)', () => {
  it('reads a pair with hemispheres', () => {
    expect(parseCoordinates('51,30,26.5 N; 0,7,39.9 W')).toEqual({ latitude: 51.507361, longitude: -0.12775 });
  });

  it('reads a pair with signs', () => {
    expect(parseCoordinates('-33,51,54.5;151,12,55.2')).toEqual({ latitude: -33.865139, longitude: 151.215333 });
  });

  it.each([
    ['one angle', '51,30,26.5 N'],
    ['three angles', '51,30 N; 0,7 W; 1,2 E'],
    ['a latitude over 90', '91,0 N; 0,7 W'],
    ['a latitude marked E', '51,30 E; 0,7 W'],
    ['a longitude marked N', '51,30 N; 0,7 N'],
    ['an angle that is not DMS', '51.5; -0.12'],
    ['an empty text', ''],
  ])('is null for %s', (_what, text) => {
    expect(parseCoordinates(text)).toBeNull();
  });

  it('formats what it reads back to the same position (within a tenth of a second)', () => {
    for (const p of [
      { latitude: 51.507361, longitude: -0.12775 },
      { latitude: -33.865139, longitude: 151.215333 },
      { latitude: 0, longitude: 0 },
      { latitude: 53.349805, longitude: -6.26031 },
    ]) {
      const text = formatCoordinates(p);
      const back = parseCoordinates(text)!;
      expect(Math.abs(back.latitude - p.latitude)).toBeLessThan(1 / 36_000);
      expect(Math.abs(back.longitude - p.longitude)).toBeLessThan(1 / 36_000);
    }
    expect(formatCoordinates({ latitude: 51.507361, longitude: -0.12775 })).toBe('51,30,26.5 N; 0,7,39.9 W');
  });
});
