// Yahoo's JSON is a mechanical rendering of its XML (the API's own format, and the format of
// several recordings). This renders a recorded XML body the way Yahoo renders JSON, so the fake
// can serve those recordings to a connector that asks for JSON: an element with a `count`
// attribute becomes {"0": {child: ..}, "count": n}; an entity (game, league, team, player, user)
// an array of one-key objects; a plural wrapper (managers, eligible_positions) an array of
// {singular: ..}; other elements objects, leaves text. A test helper, not a general XML parser.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES = new Set(['game', 'league', 'team', 'player', 'user']);

export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#root', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tokens = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '').split(/(<[^>]+>)/);
  for (const token of tokens) {
    const top = stack[stack.length - 1] as XmlElement;
    if (!token.startsWith('<')) {
      top.text += decode(token);
      continue;
    }
    if (token.startsWith('</')) {
      stack.pop();
      continue;
    }
    const match = /^<([\w:.-]+)([^>]*?)(\/?)>$/.exec(token);
    if (!match) continue;
    const attributes: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      attributes[key as string] = decode(value as string);
    }
    const element = {
      name: (match[1] as string).replace(/^\w+:/, ''),
      attributes,
      children: [],
      text: '',
    };
    top.children.push(element);
    if (match[3] !== '/') stack.push(element);
  }
  return root;
}

/** One element as Yahoo's JSON renders it. */
export function yahooJsonOf(element: XmlElement): unknown {
  const { children } = element;
  if (children.length === 0) return element.text.trim();
  if (element.attributes.count !== undefined) {
    const collection: Record<string, unknown> = {};
    children.forEach((child, index) => {
      collection[String(index)] = { [child.name]: yahooJsonOf(child) };
    });
    collection.count = children.length;
    return collection;
  }
  if (ENTITIES.has(element.name)) {
    return children.map((child) => ({ [child.name]: yahooJsonOf(child) }));
  }
  const names = new Set(children.map((child) => child.name));
  if (
    element.name.endsWith('s') &&
    names.size === 1 &&
    children.length >= 1 &&
    !ENTITIES.has(children[0]?.name ?? '')
  ) {
    return children.map((child) => ({ [child.name]: yahooJsonOf(child) }));
  }
  return Object.fromEntries(children.map((child) => [child.name, yahooJsonOf(child)]));
}

/** The first element of this name, depth first. */
export function findElement(element: XmlElement, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return undefined;
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
