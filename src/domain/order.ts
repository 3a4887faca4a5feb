// Orders the API promises, the same on every machine and backend.

/** Plain code-unit order (localeCompare and PostgreSQL's collation depend on the locale). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
