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
  mpesaCredential: 'soko-sandbox-security-credential',
  paypalClientId: 'soko-sandbox-paypal-client',
  paypalClientSecret: 'soko-sandbox-paypal-secret',
  paypalWebhookId: 'WH-SOKO-SANDBOX',
  stripeSecretKey: 'sk_test_soko_sandbox',
  stripeWebhookSecret: 'whsec_soko_sandbox',
} as const
