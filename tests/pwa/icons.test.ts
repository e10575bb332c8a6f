import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicDir, renderIcons } from '../../bench/generate-icons';

describe('app icons', () => {
  const icons = renderIcons();

  it('the files in public/ are what bench/generate-icons.ts draws (regenerate with `npx tsx bench/generate-icons.ts`)', () => {
    for (const [name, bytes] of icons) {
      expect(fs.readFileSync(path.join(publicDir, name)).equals(bytes), name).toBe(true);
    }
  });

  it('each PNG declares the size its name promises', () => {
    for (const [name, bytes] of icons) {
      const size = /(\d+)x\1\.png$/.exec(name)?.[1];
      if (!size) continue;
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
  });
});
