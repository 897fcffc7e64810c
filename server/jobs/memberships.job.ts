import { mailPosts, remindTrials, renewDue, sweepUnsavedMedia } from '../features/memberships'
import { defineRecurringJob } from './define'
import type { JobServices } from './services'

/**
 * Memberships, every minute across all instances: renewals due are charged, declined ones retried on their
 * day, memberships whose paid period ran out after a cancel (or whose retries did) end, members whose free
 * trial ends within three days are told, new posts are mailed to their members, and pictures and files
 * uploaded for a post but never saved in one for a day are removed. Each membership
 * is claimed under its lock, so two instances never charge one twice; a failed sweep is retried by the next.
 */
export function membershipsSweep(deps: JobServices) {
  return defineRecurringJob({
    name: 'memberships.renew',
    schedule: { everyMs: 60_000 },
    maxAttempts: 1,
    async run(ctx) {
      await renewDue(deps, ctx.now())
      await remindTrials(deps, ctx.now())
      await mailPosts(deps)
      await sweepUnsavedMedia(deps.db, deps.storage, deps.log)
    },
  })
}
