// How a demo player does over a season, real-life facts shared by every league of that sport and
// season (as a real player's injuries and projections are): his projected points each period and
// the injuries he has. Each player's draws come from a stream named after the season and him, so
// they do not depend on which leagues roster him or in which order they are built.
import type { Sport } from '../../domain/catalog.ts';
import type { InjuryStatus } from '../../domain/game.ts';
import { rngFor } from './random.ts';
import type { Rng } from './random.ts';

/** A kind of injury or absence the demo gives players, and what it does to a lineup. */
export interface StatusSpec {
  status: InjuryStatus;
  /** The demo's designation, as a platform shows it beside the player. */
  designation: string;
  /** The player does not play while it lasts (a manager sits him). */
  sits: boolean;
  /** The player may stand in an IR slot while it lasts. */
  reserve: boolean;
  /** How many periods it lasts, at least and at most. */
  periods: readonly [number, number];
  /** How often it comes, relative to the sport's other kinds. */
  weight: number;
}

// prettier-ignore
const STATUSES: Readonly<Record<Sport, readonly StatusSpec[]>> = {
  football: [
    { status: 'questionable', designation: 'Q', sits: false, reserve: false, periods: [1, 1], weight: 5 },
    { status: 'doubtful', designation: 'D', sits: true, reserve: false, periods: [1, 1], weight: 2 },
    { status: 'out', designation: 'O', sits: true, reserve: false, periods: [1, 2], weight: 3 },
    { status: 'injured_reserve', designation: 'IR', sits: true, reserve: true, periods: [4, 8], weight: 2 },
    { status: 'physically_unable', designation: 'PUP', sits: true, reserve: true, periods: [4, 6], weight: 0.5 },
    { status: 'suspended', designation: 'SUS', sits: true, reserve: false, periods: [1, 4], weight: 0.5 },
  ],
  baseball: [
    { status: 'day_to_day', designation: 'DTD', sits: false, reserve: false, periods: [1, 1], weight: 5 },
    { status: 'injured_reserve', designation: 'IL10', sits: true, reserve: true, periods: [1, 2], weight: 3 },
    { status: 'injured_reserve', designation: 'IL60', sits: true, reserve: true, periods: [5, 8], weight: 1 },
    { status: 'suspended', designation: 'SUSP', sits: true, reserve: false, periods: [1, 2], weight: 0.5 },
  ],
  basketball: [
    { status: 'day_to_day', designation: 'DTD', sits: false, reserve: false, periods: [1, 1], weight: 5 },
    { status: 'out', designation: 'O', sits: true, reserve: true, periods: [1, 4], weight: 3 },
    { status: 'suspended', designation: 'SUSP', sits: true, reserve: false, periods: [1, 1], weight: 0.5 },
  ],
};

// prettier-ignore
const BODY_PARTS: Readonly<Record<Sport, readonly string[]>> = {
  football: ['Hamstring', 'Ankle', 'Knee', 'Concussion', 'Shoulder', 'Groin', 'Calf', 'Back', 'Hip', 'Foot', 'Ribs'],
  baseball: ['Hamstring', 'Oblique', 'Elbow', 'Shoulder', 'Back', 'Wrist', 'Knee', 'Forearm'],
  basketball: ['Ankle', 'Knee', 'Hamstring', 'Back', 'Foot', 'Calf', 'Illness', 'Wrist'],
};

/** The share of players hurt at some time in a season (basketball's absences are short, so more). */
const HURT_SHARE: Readonly<Record<Sport, number>> = {
  football: 0.35,
  baseball: 0.35,
  basketball: 0.5,
};

/** A player's injury or absence over a run of periods. */
export interface Spell {
  spec: StatusSpec;
  note: string;
  from: number;
  to: number;
}

/** Points a starter at each position is projected for in a period, for a player of quality 1. */
// prettier-ignore
const POSITION_MEANS: Readonly<Record<Sport, Readonly<Record<string, number>>>> = {
  football: { QB: 18, RB: 12, WR: 12, TE: 8, K: 7.5, DEF: 7.5 },
  baseball: { C: 22, '1B': 27, '2B': 25, '3B': 26, SS: 25, OF: 26, DH: 27, SP: 35, RP: 15 },
  basketball: { PG: 115, SG: 110, SF: 110, PF: 112, C: 118 },
};

/** The step points are given in, in hundredths: football's are to the hundredth, the others' to the tenth. */
export function pointStep(sport: Sport): number {
  return sport === 'football' ? 1 : 10;
}

export interface PlayerForm {
  /** Projected points in each period (index 0 is period 1), in hundredths. */
  projections: number[];
  spell?: Spell;
  /** A young player a dynasty league may keep on its taxi squad. */
  young: boolean;
}

/** Every player's form for one sport and season, drawn the first time a player is asked for. */
export class SeasonForm {
  private readonly players = new Map<string, PlayerForm>();

  constructor(
    private readonly seed: number,
    private readonly sport: Sport,
    private readonly season: number,
    private readonly periods: number,
    private readonly positions: ReadonlyMap<string, string>,
  ) {}

  of(playerId: string): PlayerForm {
    let form = this.players.get(playerId);
    if (!form) {
      const rng = rngFor(this.seed, `game:${this.sport}:${this.season}:player:${playerId}`);
      form = this.draw(this.positions.get(playerId) ?? '', rng);
      this.players.set(playerId, form);
    }
    return form;
  }

  projection(playerId: string, period: number): number {
    return this.of(playerId).projections[period - 1] ?? 0;
  }

  /** The player's injury in the period, if he has one then. */
  injury(playerId: string, period: number): Spell | undefined {
    const spell = this.of(playerId).spell;
    return spell !== undefined && spell.from <= period && period <= spell.to ? spell : undefined;
  }

  private draw(position: string, rng: Rng): PlayerForm {
    // Always the same draws in the same order, whatever the outcome, so one player's draws never
    // shift with another's.
    // A team defence is never hurt.
    const hurt = rng.next() < HURT_SHARE[this.sport] && position !== 'DEF';
    const spec = pick(STATUSES[this.sport], rng.next());
    const from = rng.int(1, this.periods);
    const length = rng.int(spec.periods[0], spec.periods[1]);
    const note = rng.pick(BODY_PARTS[this.sport]);
    const quality = 0.55 + rng.next() * 0.75;
    const young = rng.next() < 0.15 && position !== 'K' && position !== 'DEF';
    const step = pointStep(this.sport);
    const mean = (POSITION_MEANS[this.sport][position] ?? 10) * 100 * quality;
    const projections = Array.from({ length: this.periods }, () => {
      const factor = Math.exp(0.2 * gaussian(rng));
      return Math.max(0, Math.round((mean * factor) / step) * step);
    });
    const form: PlayerForm = { projections, young };
    if (hurt) {
      form.spell = {
        spec,
        note: spec.status === 'suspended' ? 'Suspension' : note,
        from,
        to: Math.min(from + length - 1, this.periods),
      };
    }
    return form;
  }
}

function pick(specs: readonly StatusSpec[], roll: number): StatusSpec {
  const total = specs.reduce((sum, s) => sum + s.weight, 0);
  let left = roll * total;
  for (const spec of specs) {
    left -= spec.weight;
    if (left < 0) return spec;
  }
  return specs[specs.length - 1] as StatusSpec;
}

/** A standard normal draw (Box-Muller). */
export function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
