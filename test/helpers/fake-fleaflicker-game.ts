// The fake Fleaflicker's answers to the game's calls: league rules by league, box scores by game.
// Recorded: the rules of leagues 206154 and 312861 and two box scores of 206154 (2020, one game of
// week 4 and one of week 5). What is not recorded is answered `{}` (no slots, no rules, no
// lineups: Fleaflicker leaves empty lists out), so leagues recorded in part still sync whole.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reply } from './fake-platform.ts';
import type { FakeRequest, FakeRoute } from './fake-platform.ts';

export function fleaflickerGameRoutes(dir: string): Record<string, FakeRoute> {
  const rules = new Map<string, string>();
  /** "206154/44686840" -> body */
  const boxscores = new Map<string, string>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      let m: RegExpExecArray | null;
      if ((m = /^FetchLeagueRules-(\d+)\.json$/.exec(name))) {
        rules.set(m[1] as string, readFileSync(join(dir, name), 'utf8'));
      } else if ((m = /^FetchLeagueBoxscore-(\d+)-\d{4}-week\d+-game(\d+)\.json$/.exec(name))) {
        boxscores.set(`${m[1]}/${m[2]}`, readFileSync(join(dir, name), 'utf8'));
      }
    }
  }
  const q = (request: FakeRequest, name: string): string => request.query.get(name) ?? '';
  return {
    '/FetchLeagueRules': (request) => {
      const body = rules.get(q(request, 'league_id'));
      return body === undefined ? reply.json({}) : reply.raw(body);
    },
    '/FetchLeagueBoxscore': (request) => {
      const body = boxscores.get(`${q(request, 'league_id')}/${q(request, 'fantasy_game_id')}`);
      return body === undefined ? reply.json({}) : reply.raw(body);
    },
  };
}
