/**
 * Recovering checkouts: reminders (e-mail, and one SMS when the buyer asked) an hour and a day after a
 * checkout left unpaid, the links back with a one-tap stop, and what reminders brought back.
 */

export { recoveryHandlers } from './recovery.handlers'
export {
  RECOVERY_SWEEP_MS,
  type RecoveryServices,
  recoveryTarget,
  sendDueCheckoutReminders,
  stopReminders,
} from './recovery.service'
