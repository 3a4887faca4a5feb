// Request ids: UUID v4 (122 random bits from the system's CSPRNG, version and variant bits set),
// like crypto.randomUUID, made 128 at a time. randomUUID also draws its entropy 128 ids at a
// time, but builds each id from 20 two-character pieces: V8 keeps that as a tree of 20 strings,
// walked again each time the id is copied out (the response head, the log line). Here a batch is
// formatted into one buffer and read as one string, and each id is a slice of it: one flat copy.
// Measured on cached answers (perf, 2-core VM): randomUUID alone took about 1% of the service's
// CPU; with the batches the ratio to the bare reference rose with the rest of that session's
// changes (docs/performance.md), not measured apart.
import { randomFillSync } from 'node:crypto';

const BATCH = 128;
const ID_LENGTH = 36;
const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of the 16 bytes goes in `xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx`. */
const BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

const random = Buffer.alloc(BATCH * 16);
const text = Buffer.alloc(BATCH * ID_LENGTH);
let batch = '';
let next = BATCH;

/** A new UUID v4 string. */
export function newRequestId(): string {
  if (next === BATCH) refill();
  const at = next * ID_LENGTH;
  next += 1;
  return batch.slice(at, at + ID_LENGTH);
}

function refill(): void {
  randomFillSync(random);
  for (let id = 0; id < BATCH; id++) {
    const from = id * 16;
    const to = id * ID_LENGTH;
    // Version 4 in the high nibble of byte 6, variant 10xx in the high bits of byte 8 (RFC 9562).
    random[from + 6] = ((random[from + 6] as number) & 0x0f) | 0x40;
    random[from + 8] = ((random[from + 8] as number) & 0x3f) | 0x80;
    for (let i = 0; i < 16; i++) {
      const byte = random[from + i] as number;
      const place = to + (BYTE_AT[i] as number);
      text[place] = HEX[byte >> 4] as number;
      text[place + 1] = HEX[byte & 0x0f] as number;
    }
    text[to + 8] = 0x2d;
    text[to + 13] = 0x2d;
    text[to + 18] = 0x2d;
    text[to + 23] = 0x2d;
  }
  batch = text.toString('latin1');
  next = 0;
}
