// League records as XML: `<League>` with one child element per present field, as the contract's
// League schema names it; lists wrapped in `<Leagues>`.
import type { LeagueBody } from './schemas.ts';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// Characters XML 1.0 cannot carry at all (even escaped) become U+FFFD.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"']/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(SPECIAL, (char) => ENTITIES[char] as string);
}

function leagueElement(league: LeagueBody): string {
  let xml = '<League>';
  for (const [name, value] of Object.entries(league)) {
    if (value === undefined) continue;
    xml += `<${name}>${escapeXml(String(value))}</${name}>`;
  }
  return `${xml}</League>`;
}

export function leaguesXml(leagues: readonly LeagueBody[]): string {
  return `${DECLARATION}<Leagues>${leagues.map(leagueElement).join('')}</Leagues>`;
}

export function leagueXml(league: LeagueBody): string {
  return DECLARATION + leagueElement(league);
}

/**
 * Any JSON body of the API as XML, for the resources past the contract's five, by one rule: an
 * object is an element with one child per present member (in the body's order), a scalar its
 * text, an array an element with one child per entry. A root array's entries are named by `entry`
 * (`<Teams><Team>`); every nested list's entries are `<item>`. Member names are the JSON ones
 * (snake_case, valid XML names).
 */
export function bodyXml(root: string, body: unknown, entry = 'item'): string {
  return DECLARATION + valueElement(root, body, entry);
}

function valueElement(name: string, value: unknown, entry = 'item'): string {
  if (Array.isArray(value)) {
    return `<${name}>${value.map((member) => valueElement(entry, member)).join('')}</${name}>`;
  }
  if (value !== null && typeof value === 'object') {
    let xml = `<${name}>`;
    for (const [member, memberValue] of Object.entries(value)) {
      if (memberValue === undefined) continue;
      xml += valueElement(member, memberValue);
    }
    return `${xml}</${name}>`;
  }
  if (value === null) return `<${name}/>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}
