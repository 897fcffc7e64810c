import { describe, expect, it } from 'vitest'
import { MPESA_RESULTS, mpesaResult } from '../../../contract/mpesa'

describe('M-Pesa result words', () => {
  it('never say "Nothing was charged": the page showing the failure says it, once', () => {
    for (const words of [...Object.values(MPESA_RESULTS), mpesaResult(4242)])
      expect(`${words.title} ${words.nextStep}`).not.toMatch(/nothing was charged/i)
  })
})
