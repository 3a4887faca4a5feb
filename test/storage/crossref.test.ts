// Cross-platform player ids in the store: written with their pool, replaced by the next dump,
// checked, and followed across platforms by findSamePlayer, on both backends.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { InvalidInputError } from '../../src/domain/errors.ts';
import { findSamePlayer } from '../../src/storage/repositories/crossref.ts';
import { writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { buildPlayerPool } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';

const MAHOMES_IDS = [
  { playerId: '4046', idType: 'espn', externalId: '3139477' },
  { playerId: '4046', idType: 'sportradar', externalId: '11cad59d-90dd-449c-a839-dddaba4fe16c' },
] as const;

describeEachBackend('player external ids', ({ store }) => {
  const rows = () =>
    store()
      .db.selectFrom('player_external_ids')
      .select(['player_id', 'id_type', 'external_id'])
      .orderBy('player_id')
      .orderBy('id_type')
      .execute();

  it('are written with the pool, and a dump with only an id changed is written again', async () => {
    const pool = buildPlayerPool({ externalIds: [...MAHOMES_IDS] });
    assert.equal((await writePlayerPool(store(), pool)).outcome, 'written');
    assert.deepEqual(await rows(), [
      { player_id: '4046', id_type: 'espn', external_id: '3139477' },
      { player_id: '4046', id_type: 'sportradar', external_id: MAHOMES_IDS[1].externalId },
    ]);
    assert.equal((await writePlayerPool(store(), pool)).outcome, 'unchanged');
    const changed = buildPlayerPool({
      externalIds: [{ playerId: '4984', idType: 'yahoo', externalId: '30977' }],
    });
    assert.equal((await writePlayerPool(store(), changed)).outcome, 'written');
    assert.deepEqual(await rows(), [{ player_id: '4984', id_type: 'yahoo', external_id: '30977' }]);
    // A dump that gives no ids at all leaves the stored ones alone.
    await writePlayerPool(
      store(),
      buildPlayerPool({ players: buildPlayerPool().players.slice(1) }),
    );
    assert.equal((await rows()).length, 1);
  });

  it('are checked before anything is written', async () => {
    for (const [externalIds, message] of [
      [[{ playerId: '9999', idType: 'espn', externalId: '1' }], /no such player/],
      [[{ playerId: '4046', idType: 'myspace', externalId: '1' }], /unknown id type "myspace"/],
      [[{ playerId: '4046', idType: 'espn', externalId: ' ' }], /empty espn id/],
      [[MAHOMES_IDS[0], { ...MAHOMES_IDS[0], externalId: '2' }], /two espn ids/],
    ] as const) {
      await assert.rejects(
        writePlayerPool(store(), buildPlayerPool({ externalIds: externalIds as never })),
        (error: unknown) => error instanceof InvalidInputError && message.test(error.message),
      );
    }
    assert.deepEqual(await rows(), []);
  });

  it('tie platforms together, also through a shared id neither platform owns', async () => {
    await writePlayerPool(store(), buildPlayerPool({ externalIds: [...MAHOMES_IDS] }));
    await writePlayerPool(store(), {
      platform: 'mfl',
      sport: 'football',
      season: 2020,
      players: [{ playerId: '13116', fullName: 'Patrick Mahomes', active: true }],
      externalIds: [{ ...MAHOMES_IDS[1], playerId: '13116' }],
    });
    const db = store().db;
    assert.deepEqual(
      await findSamePlayer(db, { platform: 'mfl', sport: 'football', playerId: '13116' }),
      [
        { platform: 'espn', playerId: '3139477' },
        { platform: 'sleeper', playerId: '4046' },
      ],
    );
    assert.deepEqual(
      await findSamePlayer(db, { platform: 'espn', sport: 'football', playerId: '3139477' }),
      [
        { platform: 'mfl', playerId: '13116' },
        { platform: 'sleeper', playerId: '4046' },
      ],
    );
    assert.deepEqual(
      await findSamePlayer(db, { platform: 'sleeper', sport: 'basketball', playerId: '4046' }),
      [],
      'ids are per sport',
    );
    assert.deepEqual(
      await findSamePlayer(db, { platform: 'yahoo', sport: 'football', playerId: '1' }),
      [],
    );
  });
});
