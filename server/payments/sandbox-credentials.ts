/**
 * The sandbox's credentials: public, because the sandbox only ever moves pretend money. The simulators
 * accept exactly these, so an adapter that sends the wrong ones fails here as it would against a provider.
 */
export const SANDBOX = {
  mpesaConsumerKey: 'soko-sandbox-consumer-key',
  mpesaConsumerSecret: 'soko-sandbox-consumer-secret',
  mpesaShortCode: '174379',
  mpesaPasskey: 'soko-sandbox-passkey-bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  mpesaB2cShortCode: '600998',
  mpesaInitiator: 'testapi',
  /** Also taken as the SecurityCredential as it is, not encrypted, so that earlier setups keep working. */
  mpesaCredential: 'soko-sandbox-security-credential',
  /**
   * The initiator's password (Daraja's own sandbox uses it too): a SecurityCredential made from it as Daraja
   * wants, RSA-encrypted with the sandbox's certificate (GET /sandbox/mpesa/certificate.cer), is accepted.
   */
  mpesaInitiatorPassword: 'Safaricom999!*!',
  paypalClientId: 'soko-sandbox-paypal-client',
  paypalClientSecret: 'soko-sandbox-paypal-secret',
  paypalWebhookId: 'WH-SOKO-SANDBOX',
  stripeSecretKey: 'sk_test_soko_sandbox',
  stripeWebhookSecret: 'whsec_soko_sandbox',
} as const
