// The check value of the store's secret key: recorded once, by whichever process gets there
// first; every later process reads the same value back and compares its own.
import type { Tx } from '../db.ts';

const ROW_ID = 1;

/** The recorded check value, recording `value` first when none is (two at once: one wins). */
export async function recordSecretKeyCheck(db: Tx, value: string, at: string): Promise<string> {
  await db
    .insertInto('secret_key_check')
    .values({ id: ROW_ID, check_value: value, recorded_at: at })
    .onConflict((c) => c.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('secret_key_check')
    .select('check_value')
    .where('id', '=', ROW_ID)
    .executeTakeFirstOrThrow();
  return row.check_value;
}
