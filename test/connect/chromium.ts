// Debian's Chromium for the connect page's browser tests, driven by playwright-core; the tests
// skip, saying why, when it is not installed.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_SKIP: false | string = existsSync(CHROMIUM)
  ? false
  : `${CHROMIUM} not found: the browser tests of the connect page need Debian's chromium package (apt-get install -y chromium)`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
