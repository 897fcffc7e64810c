/** Submits the sandbox card page (/sandbox/stripe/pay/…) as a buyer would, without following its redirect. */
export function submitSandboxCard(payPage: string, card: string): Promise<Response> {
  return fetch(payPage, {
    method: 'POST',
    body: new URLSearchParams({
      number: card,
      cardNumber: card,
      card,
      expiry: '12/34',
      exp: '12/34',
      cvc: '123',
      name: 'Amina',
    }),
    redirect: 'manual',
  })
}
