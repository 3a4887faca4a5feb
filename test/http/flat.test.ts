// flat(): the same characters back, whatever they are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flat } from '../../src/http/wire/flat.ts';

describe('flat', () => {
  it('gives back the same characters, built from pieces or not', () => {
    let block = '';
    for (let at = 0; at < 13; at += 1) block += `Field-${at}: value ${at}\r\n`;
    const texts = [
      '',
      block,
      `every byte: ${Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('')}`,
      `{"path":"/players/1/searchPlayer/name/ünïcode 名前 🏈"}`,
      'a lone surrogate \ud800 stays as it was',
    ];
    for (const text of texts) assert.equal(flat(text), text);
  });
});
