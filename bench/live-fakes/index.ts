// The Sunday bench's fakes, one per platform with a live season (the demo plays its own).
import { espnFake } from './espn.ts';
import { fantraxFake } from './fantrax.ts';
import { fleaflickerFake } from './fleaflicker.ts';
import { mflFake } from './mfl.ts';
import { sleeperFake } from './sleeper.ts';
import type { PlatformFake } from './world.ts';
import { yahooFake } from './yahoo.ts';

export const FAKES: readonly PlatformFake[] = [
  sleeperFake,
  espnFake,
  yahooFake,
  mflFake,
  fleaflickerFake,
  fantraxFake,
];
