// Preloaded (`node --import ./tests/support/skewed-clock.mjs …`) to run a process whose clock is wrong by
// SOKO_TEST_CLOCK_SKEW_MS milliseconds, as on a host whose clock has drifted: Date.now() and `new Date()`
// answer that far ahead (negative: behind). Timers and performance.now() are untouched, as on such a host.
const skew = Number(process.env.SOKO_TEST_CLOCK_SKEW_MS ?? 0)
if (!Number.isSafeInteger(skew)) throw new Error(`SOKO_TEST_CLOCK_SKEW_MS is not whole milliseconds: ${skew}`)

const HostDate = globalThis.Date
class SkewedDate extends HostDate {
  constructor(...args) {
    if (args.length === 0) super(HostDate.now() + skew)
    else super(...args)
  }
  static now() {
    return HostDate.now() + skew
  }
}
globalThis.Date = SkewedDate
