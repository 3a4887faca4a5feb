// A hand-written router for a handful of fixed paths: split on '/', compare literals, collect
// parameter segments. Paths are matched exactly (no trailing-slash or case folding).

export interface RouteMatch<T> {
  readonly target: T;
  /** Parameter segments in template order, still percent-encoded. */
  readonly params: readonly string[];
}

interface Entry<T> {
  target: T;
  segments: readonly string[];
  isParam: readonly boolean[];
}

export class Router<T> {
  private readonly entries: Entry<T>[] = [];

  /** `template` like '/league/settings/{league_id}'. */
  add(template: string, target: T): this {
    const segments = template.split('/');
    this.entries.push({ target, segments, isParam: segments.map((s) => s.startsWith('{')) });
    return this;
  }

  match(path: string): RouteMatch<T> | undefined {
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
