import { clock } from '../../server/lib/clock'

/** Sets the server's clock to `at` (it goes on ticking from there); `clock.setOffset(0)` puts it back. */
export function clockAt(at: string | Date) {
  clock.setOffset(0)
  clock.setOffset(new Date(at).getTime() - clock.ms())
}
