// TYPE=liveScoring&W= (https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=liveScoring):
// the week's games with every franchise's score and its players' scores and status, as MFL's
// documentation describes it. No recording of it was available (see the README): read leniently,
// a franchise's players under `players` as documented or directly as in weeklyResults.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { MflResultPlayer } from './game-schemas.ts';

const OneOrMany = <T extends TSchema>(schema: T) => Type.Union([Type.Array(schema), schema]);

export const MflLiveFranchise = Type.Object({
  id: Type.String({ minLength: 1 }),
  score: Type.Optional(Type.String()),
  players: Type.Optional(Type.Object({ player: Type.Optional(OneOrMany(MflResultPlayer)) })),
  player: Type.Optional(OneOrMany(MflResultPlayer)),
});
export type MflLiveFranchise = Static<typeof MflLiveFranchise>;

export const MflLiveScoring = Type.Object({
  liveScoring: Type.Object({
    week: Type.Optional(Type.String()),
    matchup: Type.Optional(
      OneOrMany(Type.Object({ franchise: Type.Optional(OneOrMany(MflLiveFranchise)) })),
    ),
    franchise: Type.Optional(OneOrMany(MflLiveFranchise)),
  }),
});
export type MflLiveScoring = Static<typeof MflLiveScoring>;

export const liveResponses = { liveScoring: TypeCompiler.Compile(MflLiveScoring) };
