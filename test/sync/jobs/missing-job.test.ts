// What BullMQ says when a job's keys are gone before `waitUntilFinished` first looks at it (its
// Redis lost them while the CLI was still opening its queue events): bullmq.ts reads that
// rejection as a job to watch, not as a failed sync, by its words (MISSING_JOB). A BullMQ that
// words it otherwise fails here, not as a lost job reported "failed" on a loaded machine.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Queue, QueueEvents } from 'bullmq';
import { MISSING_JOB } from '../../../src/sync/jobs/bullmq.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';

describe('a job whose keys are gone when its wait begins', { skip: SKIP_WITHOUT_REDIS }, () => {
  const prefix = `${uniquePrefix()}q`;
  const connection = { url: TEST_REDIS_URL as string };
  after(async () => {
    await deleteKeys(prefix);
  });

  it('rejects waitUntilFinished in the words bullmq.ts reads as missing', async () => {
    const queue = new Queue('sync', { connection, prefix });
    const events = new QueueEvents('sync', { connection, prefix });
    try {
      await events.waitUntilReady();
      const job = await queue.add('account', { accountId: 1 });
      await deleteKeys(prefix);
      await assert.rejects(job.waitUntilFinished(events, 5000), (error: Error) => {
        assert.match(error.message, MISSING_JOB);
        return true;
      });
    } finally {
      await events.close();
      await queue.close();
    }
  });
});
