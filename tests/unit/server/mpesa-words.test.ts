import { describe, expect, it } from 'vitest'
import { MPESA_MESSAGES, MPESA_RESULTS, mpesaResult } from '../../../contract/mpesa'
import { translate } from '../../../server/lib/i18n'

describe('M-Pesa result words', () => {
  it('never say "Nothing was charged": the page showing the failure says it, once', () => {
    for (const words of [...Object.values(MPESA_RESULTS), mpesaResult(4242)])
      expect(`${words.title} ${words.nextStep}`).not.toMatch(/nothing was charged/i)
  })

  it('name each title and next step by a message id whose English they are, with its Kiswahili', () => {
    const byId = new Map(Object.values(MPESA_MESSAGES).map((m) => [m.id as string, m.message as string]))
    for (const words of Object.values(MPESA_RESULTS)) {
      expect(byId.get(words.titleId)).toBe(words.title)
      expect(byId.get(words.nextStepId)).toBe(words.nextStep)
    }
    const unknown = mpesaResult(4242)
    expect(translate('en', MPESA_MESSAGES.unknownTitle, unknown.params)).toBe(unknown.title)
    expect(translate('sw', MPESA_MESSAGES.unknownTitle, unknown.params)).toBe(
      'M-Pesa haikuweza kukamilisha malipo (msimbo 4242)',
    )
    for (const message of Object.values(MPESA_MESSAGES))
      expect(translate('sw', message), message.id).not.toBe(message.message)
  })
})
