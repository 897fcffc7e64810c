import { setPasswordHashCost } from '../../server/features/accounts/passwords'

// The integration tests make thousands of accounts and sign in as often: each scrypt hash at the server's
// cost (2^15) takes about 90 ms of a core here, which was a third of the tier's time. They hash at 2^10;
// the unit test of passwords.ts and the end-to-end servers keep the server's cost.
if (process.env.SOKO_TEST_PASSWORD_COST !== 'server') setPasswordHashCost(2 ** 10)
