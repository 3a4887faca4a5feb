// A hand-written router for a handful of fixed paths: split on '/', compare literals, collect
// parameter segments. Paths are matched exactly (no trailing-slash or case folding). With
// `remember`, the matches of the last paths seen are kept: most requests repeat a path, and one
// Map lookup costs less than splitting it, and the match's parameters then stay the same array,
// which the API path keys its own per-path work on (api-serving.ts).

import { Kept, MAX_KEPT_PATH } from './kept.ts';

export interface RouteMatch<T> {
  readonly target: T;
  /** Parameter segments in template order, still percent-encoded; shared, never changed. */
  readonly params: readonly string[];
}

interface Entry<T> {
  target: T;
  segments: readonly string[];
  isParam: readonly boolean[];
}

export class Router<T> {
  private readonly entries: Entry<T>[] = [];
  /** Matches by path, up to `remember` of them (then it starts again). */
  private readonly known: Kept<string, RouteMatch<T>>;

  /** `remember`: how many matched paths to keep (0: none). */
  constructor(remember = 0) {
    this.known = new Kept(remember);
  }

  /** `template` like '/league/settings/{league_id}'. */
  add(template: string, target: T): this {
    const segments = template.split('/');
    this.entries.push({ target, segments, isParam: segments.map((s) => s.startsWith('{')) });
    return this;
  }

  match(path: string): RouteMatch<T> | undefined {
    if (this.known.capacity === 0) return this.search(path);
    let found = this.known.get(path);
    if (found !== undefined) return found;
    found = this.search(path);
    if (found !== undefined && path.length <= MAX_KEPT_PATH) this.known.set(path, found);
    return found;
  }

  private search(path: string): RouteMatch<T> | undefined {
    const parts = path.split('/');
    for (const entry of this.entries) {
      if (entry.segments.length !== parts.length) continue;
      const params: string[] = [];
      let matched = true;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i] as string;
        if (entry.isParam[i]) params.push(part);
        else if (entry.segments[i] !== part) {
          matched = false;
          break;
        }
      }
      if (matched) return { target: entry.target, params };
    }
    return undefined;
  }
}
