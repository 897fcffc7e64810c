import { describe, expect, it } from 'vitest'
import { b2cTransferState, statusTransferState } from '../../../server/payments/mpesa.provider'
import { payoutItemState } from '../../../server/payments/paypal.provider'
import { transferMatches } from '../../../server/payments/provider'

const b2c = (amount: number | null) => ({
  originatorConversationId: 'p1',
  conversationId: 'AG_1',
  transactionId: 'SBX1',
  resultCode: 0,
  resultDesc: 'ok',
  amount,
  receipt: 'SBX1',
  receiver: null,
  completedAt: null,
})

describe('what a provider says moved', () => {
  it('an M-Pesa B2C success states its amount; one that does not is asked about', () => {
    expect(b2cTransferState(b2c(300_00), 'p1')).toEqual({
      state: 'done',
      providerRef: 'SBX1',
      amount: { amount: 300_00, currency: 'KES' },
    })
    expect(b2cTransferState(b2c(null), 'p1')).toEqual({ state: 'pending', providerRef: 'AG_1' })
  })

  it("Transaction Status's Completed carries its amount", () => {
    const state = statusTransferState(
      {
        resultCode: '0',
        resultDesc: 'ok',
        payment: {
          status: 'Completed',
          receipt: 'SBX2',
          amount: 1_00,
          originatorConversationId: 'p1',
          conversationId: 'AG_2',
          receiver: null,
          finalisedAt: null,
        },
      } as never,
      'p1',
    )
    expect(state).toEqual({ state: 'done', providerRef: 'SBX2', amount: { amount: 1_00, currency: 'KES' } })
  })

  it("a PayPal payout item's SUCCESS carries the item's amount", () => {
    const item = {
      itemId: 'I1',
      batchId: 'B1',
      senderItemId: 'p1',
      status: 'SUCCESS',
      transactionId: 'T1',
      error: null,
      amount: { amount: 1, currency: 'USD' as const },
      fee: null,
      receiver: 'x@example.com',
    }
    expect(payoutItemState(item)).toEqual({
      state: 'done',
      providerRef: 'T1',
      amount: { amount: 1, currency: 'USD' },
    })
  })

  it('a done matches only the money sent; failures, pending and unstated amounts are not refused here', () => {
    const sent = { amount: 19_70, currency: 'USD' as const }
    expect(
      transferMatches({ state: 'done', providerRef: null, amount: { amount: 1, currency: 'USD' } }, sent),
    ).toBe(false)
    expect(
      transferMatches({ state: 'done', providerRef: null, amount: { amount: 19_70, currency: 'KES' } }, sent),
    ).toBe(false)
    expect(transferMatches({ state: 'done', providerRef: null, amount: sent }, sent)).toBe(true)
    expect(transferMatches({ state: 'done', providerRef: null }, sent)).toBe(true)
    expect(transferMatches({ state: 'pending', providerRef: 'x' }, sent)).toBe(true)
  })
})
