import type { QuerySubject, SubjectName } from '.'

/**
 * The subjects that only read, without the schemas: the browser may retry these, and importing the
 * contract's zod schemas to know it would put all of them in the first load. Only the queries are named
 * (the rest are mutations), and the type keeps the list and the contract identical: a query missing here,
 * or a mutation named, does not compile.
 */
const QUERIES = everyQuery([
  'getMe',
  'getAccountHome',
  'getProfile',
  'getSellerVerification',
  'listOutbox',
  'getOutboxMail',
  'listSellerVerifications',
  'listUsers',
  'getUser',
  'listAuditLog',
  'getPlatformTerms',
  'getAdminDashboard',
  'listAdminProducts',
  'listProductReports',
  'findOrders',
  'getAdminOrder',
  'adminListPayouts',
  'listRetryDestinations',
  'getSettings',
  'listContactMessages',
  'listMyProducts',
  'listMyBundles',
  'getBundle',
  'quoteBundle',
  'listMyMemberships',
  'listMembershipPosts',
  'listMemberPosts',
  'getMembersOverview',
  'getMyProduct',
  'listRates',
  'listSlots',
  'quoteCheckout',
  'getOrder',
  'listPurchases',
  'listSales',
  'getSale',
  'listApiKeys',
  'listApiActivity',
  'listWebhookEndpoints',
  'listDiscountCodes',
  'getCheckoutRecovery',
  'listWebhookDeliveries',
  'listTransactions',
  'getBalances',
  'listPayoutMethods',
  'listPayouts',
  'getPayout',
  'listPayoutQueue',
  'listInvoices',
  'getInvoice',
  'listInvoiceClients',
  'listUnmatchedPayments',
  'getPayInvoice',
  'listCustomers',
  'getCustomer',
  'listServices',
  'listBookings',
  'listAttendees',
] as const)

function everyQuery<const T extends readonly QuerySubject[]>(
  list: T &
    ([Exclude<QuerySubject, T[number]>] extends [never]
      ? unknown
      : { missing: Exclude<QuerySubject, T[number]> }),
): readonly string[] {
  return list
}

export function isQuery(subject: SubjectName): boolean {
  return QUERIES.includes(subject)
}
