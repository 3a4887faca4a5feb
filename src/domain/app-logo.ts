// An application's logo on the hosted connect page: given as a data: URI (in config or on the
// connect session), served by the page from its own origin so the CSP only has to allow
// `img-src 'self'`, and never an external asset. Raster images only: an SVG is a document that
// can run script when opened on its own.
import { InvalidInputError } from './errors.ts';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** Largest logo kept: a 96 px mark is a few kilobytes; this leaves room without bloating rows. */
export const MAX_LOGO_BYTES = 32 * 1024;

export interface AppLogo {
  type: LogoType;
  bytes: Buffer;
}

/**
 * The logo of `data:image/png;base64,...` (or jpeg, webp), its bytes checked to be of that type;
 * an InvalidInputError saying why otherwise.
 */
export function parseLogo(raw: string): AppLogo {
  const match = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/.exec(raw.trim());
  if (match === null) {
    throw new InvalidInputError('must be a data: URI of a PNG, JPEG or WebP image in base64');
  }
  const type = match[1] as LogoType;
  const bytes = Buffer.from(match[2] as string, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) {
    throw new InvalidInputError(`must be an image of at most ${MAX_LOGO_BYTES / 1024} KB`);
  }
  if (!looksLike(type, bytes)) throw new InvalidInputError(`is not a ${type} image`);
  return { type, bytes };
}

/** The file's signature matches its declared type (browsers would sniff past a wrong one). */
function looksLike(type: LogoType, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/webp':
      return (
        bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
        bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      );
  }
}
