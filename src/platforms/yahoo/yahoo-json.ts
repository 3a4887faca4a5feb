// Yahoo's JSON is a mechanical translation of its XML, and reads oddly: a collection is an object
// keyed "0", "1", ... with a `count` ({"0": {"team": ...}, "count": 2}); an entity is an array of
// one-key objects, sometimes nested in a further array and padded with empty arrays
// ([[{"team_key": ..}, {"team_id": ..}, []], {"roster": ..}]); a list inside an entity is an array
// of one-key objects repeating the singular name ("eligible_positions": [{"position": "C"}, ..]).
// `plainYahoo` turns all of that, once, into plain objects and arrays that schemas can check:
// collections become arrays of their entities, entities become one object, lists become arrays.
// It knows no field names: the only word it reads is whether a key is plural (a list's wrapper).

export type PlainYahoo = null | boolean | number | string | PlainYahoo[] | PlainYahooObject;
export interface PlainYahooObject {
  [key: string]: PlainYahoo;
}

const INDEX = /^\d+$/;
/** "teams", "matchups": plural; "bonus", "status", "class": not. */
const PLURAL = /[^su]s$/;

/** Yahoo's JSON (as parsed) as plain records; `key` is the name the value was found under. */
export function plainYahoo(value: unknown, key = ''): PlainYahoo {
  if (Array.isArray(value)) return plainArray(value, key);
  if (isObject(value)) return plainObject(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The items of an array with nested arrays spread out and the empty padding arrays dropped. */
function spread(items: readonly unknown[]): unknown[] {
  return items.flatMap((item) => (Array.isArray(item) ? spread(item) : [item]));
}

function plainArray(items: readonly unknown[], key: string): PlainYahoo {
  const parts = spread(items);
  if (parts.length === 0) return [];
  if (!parts.every(isObject)) return parts.map((part) => plainYahoo(part));
  // A plural key holding one-key objects that all repeat one singular name is a list
  // ("managers": [{"manager": {..}}], "eligible_positions": [{"position": "C"}]). A plural name
  // inside is a sub-resource instead ("standings": [{"teams": {..}}] is standings with teams).
  const names = new Set(parts.flatMap((part) => Object.keys(part)));
  const oneKeyEach = parts.every((part) => Object.keys(part).length === 1);
  const name = [...names][0] ?? '';
  if (key.endsWith('s') && oneKeyEach && names.size === 1 && !PLURAL.test(name)) {
    return parts.map((part) => plainYahoo(part[name], name));
  }
  // Anything else is one entity told field by field: merge the fields.
  return mergeFields(parts);
}

function plainObject(object: Record<string, unknown>): PlainYahoo {
  const keys = Object.keys(object);
  const indexed = keys.filter((k) => INDEX.test(k)).sort((a, b) => Number(a) - Number(b));
  if ('count' in object && (indexed.length > 0 || keys.length === 1)) {
    // A collection: each member is {"<singular>": entity}; keep the entity.
    return indexed.map((k) => unwrapMember(object[k]));
  }
  if (indexed.length > 0) {
    // An entity whose sub-resources Yahoo numbered ("roster": {"date": .., "0": {"players": ..}}).
    const named = Object.fromEntries(keys.filter((k) => !INDEX.test(k)).map((k) => [k, object[k]]));
    return mergeFields([named, ...indexed.map((k) => object[k]).filter(isObject)]);
  }
  return mergeFields([object]);
}

function unwrapMember(member: unknown): PlainYahoo {
  if (isObject(member)) {
    const names = Object.keys(member);
    if (names.length === 1) return plainYahoo(member[names[0] as string], names[0] as string);
  }
  return plainYahoo(member);
}

function mergeFields(parts: ReadonlyArray<Record<string, unknown>>): PlainYahooObject {
  const merged: PlainYahooObject = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) merged[name] = plainYahoo(value, name);
  }
  return merged;
}
