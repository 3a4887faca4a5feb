// Request ids: UUID v4 like crypto.randomUUID, made in batches; every id new, every bit that is
// not the version or the variant seen both ways.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newRequestId } from '../../src/http/wire/request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('gives UUID v4 strings, none twice, across many batches', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = newRequestId();
      assert.match(id, UUID_V4);
      assert.equal(seen.has(id), false, `${id} came twice`);
      seen.add(id);
    }
  });

  it('varies every random bit: each of the 122 is 0 in some ids and 1 in others', () => {
    const ones = new Array<number>(128).fill(0);
    const count = 2_000;
    for (let i = 0; i < count; i++) {
      const hex = newRequestId().replaceAll('-', '');
      for (let bit = 0; bit < 128; bit++) {
        const nibble = parseInt(hex[bit >> 2] as string, 16);
        if ((nibble >> (3 - (bit & 3))) & 1) ones[bit] = (ones[bit] as number) + 1;
      }
    }
    // Version nibble (bits 48-51) is 0100; variant (bits 64-65) is 10.
    const fixed = new Map([
      [48, 0],
      [49, count],
      [50, 0],
      [51, 0],
      [64, count],
      [65, 0],
    ]);
    for (let bit = 0; bit < 128; bit++) {
      const expected = fixed.get(bit);
      if (expected !== undefined) assert.equal(ones[bit], expected, `bit ${bit}`);
      // Random bits: about half; 2,000 draws put a fair bit within 800-1,200 all but never.
      else assert.ok((ones[bit] as number) > 800 && (ones[bit] as number) < 1200, `bit ${bit}`);
    }
  });
});
