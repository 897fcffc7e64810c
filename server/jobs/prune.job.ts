import { and, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobs } from '../db/schema'
import { defineRecurringJob } from './define'

const DAY_MS = 86_400_000
/** Finished jobs are kept this long to look into: failed ones longer, as someone may need to act on them. */
const KEEP_DONE_MS = 7 * DAY_MS
const KEEP_FAILED_MS = 30 * DAY_MS

/** Deletes finished jobs once they are old, daily: a sweep every 30 s alone adds 2,880 rows a day. */
export function pruneJobs(db: Db) {
  return defineRecurringJob({
    name: 'jobs.prune',
    schedule: { dailyAt: '03:00', timeZone: 'UTC' },
    async run({ now }) {
      const at = now().getTime()
      await db
        .delete(jobs)
        .where(
          or(
            and(sql`${jobs.status} = 'done'`, lt(jobs.finishedAt, new Date(at - KEEP_DONE_MS))),
            and(sql`${jobs.status} = 'failed'`, lt(jobs.finishedAt, new Date(at - KEEP_FAILED_MS))),
          ),
        )
    },
  })
}
