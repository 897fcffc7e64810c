/** What the server answers about invoices: each a stable code (the id) with its English. */
export const INVOICES = {
  noSuchInvoice: /*i18n*/ { id: 'invoices.noSuchInvoice', message: 'No such invoice' },
  noSuchUnmatchedPayment: /*i18n*/ {
    id: 'invoices.noSuchUnmatchedPayment',
    message: 'No such unmatched payment waiting',
  },
  invoiceCancelledDuplicateBill: /*i18n*/ {
    id: 'invoices.invoiceCancelledDuplicateBill',
    message: 'This invoice was cancelled: duplicate it to bill again',
  },
  invoicePaidNothingSend: /*i18n*/ {
    id: 'invoices.invoicePaidNothingSend',
    message: 'This invoice is paid: there is nothing to send',
  },
  invoiceNoWayReach: /*i18n*/ {
    id: 'invoices.invoiceNoWayReach',
    message: 'The invoice has no way to reach the client',
  },
  noSuchPayment: /*i18n*/ { id: 'invoices.noSuchPayment', message: 'No such payment' },
  noExcess: /*i18n*/ {
    id: 'invoices.noExcess',
    message: 'This payment paid nothing beyond what was due',
  },
  paidOutsideSoko: /*i18n*/ {
    id: 'invoices.paidOutsideSoko',
    message: 'Money received outside Soko is given back outside Soko',
  },
  excessAlreadyReturned: /*i18n*/ {
    id: 'invoices.excessAlreadyReturned',
    message: 'The excess is already on its way back or given back',
  },
  keptExcessAsPayment: /*i18n*/ {
    id: 'invoices.keptExcessAsPayment',
    message: 'You kept this excess as a payment: it is part of your earnings',
  },
  invoiceCancelledWhatPaid: /*i18n*/ {
    id: 'invoices.invoiceCancelledWhatPaid',
    message: 'This invoice was cancelled: what was paid on it goes back to the payer',
  },
  giveMPesaNumber: /*i18n*/ {
    id: 'invoices.giveMPesaNumber',
    message: 'Give the M-Pesa number to send the prompt to',
  },
  invoiceCannotPaidWay: /*i18n*/ {
    id: 'invoices.invoiceCannotPaidWay',
    message: 'This invoice cannot be paid that way now: choose another way to pay',
  },
  paymentInvoiceBeingStarted: /*i18n*/ {
    id: 'invoices.paymentInvoiceBeingStarted',
    message: 'A payment of this invoice is being started: try again in a moment',
  },
  invoiceCancelledNothingPay: /*i18n*/ {
    id: 'invoices.invoiceCancelledNothingPay',
    message: 'This invoice was cancelled: there is nothing to pay',
  },
  invoiceAlreadyPaid: /*i18n*/ { id: 'invoices.invoiceAlreadyPaid', message: 'This invoice is already paid' },
  totalZero: /*i18n*/ {
    id: 'invoices.totalZero',
    message: 'The invoice comes to nothing',
  },
  invoiceTooLarge: /*i18n*/ { id: 'invoices.invoiceTooLarge', message: 'The invoice is too large' },
  invoicePaidNoLonger: /*i18n*/ {
    id: 'invoices.invoicePaidNoLonger',
    message: 'This invoice is paid: it can no longer change',
  },
  totalBelowPaid: /*i18n*/ {
    id: 'invoices.totalBelowPaid',
    message: 'The total would be below what was already paid',
  },
  paidCannotCancel: /*i18n*/ {
    id: 'invoices.paidCannotCancel',
    message: 'Money has been paid on this invoice: it cannot be cancelled',
  },
  invoiceCancelled: /*i18n*/ { id: 'invoices.invoiceCancelled', message: 'This invoice was cancelled' },
  sendInvoiceBeforeRecording: /*i18n*/ {
    id: 'invoices.sendInvoiceBeforeRecording',
    message: 'Send the invoice before recording payments on it',
  },
  pageMarkerNotValid: /*i18n*/ {
    id: 'invoices.pageMarkerNotValid',
    message: 'That page marker is not valid',
  },
  moreThanLeft: /*i18n*/ { id: 'invoices.moreThanLeft', message: 'That is more than is left to pay' },
}

/** Per-field messages of the same answers. */
export const INVOICES_FIELD = {
  giveClientsEMail: /*i18n*/ {
    id: 'invoices.field.giveClientsEMail',
    message: 'Give the client’s e-mail or phone',
  },
  giveMPesaNumber: /*i18n*/ {
    id: 'invoices.field.giveMPesaNumber',
    message: 'Give your M-Pesa number, e.g. 0712 345 678',
  },
  chooseAnotherWayPay: /*i18n*/ {
    id: 'invoices.field.chooseAnotherWayPay',
    message: 'Choose another way to pay',
  },
  totalMustAboveZero: /*i18n*/ {
    id: 'invoices.field.totalMustAboveZero',
    message: 'The total must be above zero',
  },
  splitIntoSeveralInvoices: /*i18n*/ {
    id: 'invoices.field.splitIntoSeveralInvoices',
    message: 'Split it into several invoices',
  },
  totalCannotLessThan: /*i18n*/ {
    id: 'invoices.field.totalCannotLessThan',
    message: 'The total cannot be less than what the client has paid',
  },
  refundRecordWhatPaid: /*i18n*/ {
    id: 'invoices.field.refundRecordWhatPaid',
    message: 'Refund or record what was paid, then change the invoice instead',
  },
  startAgain: /*i18n*/ { id: 'invoices.field.startAgain', message: 'Start again' },
  atMostLeft: /*i18n*/ { id: 'invoices.field.atMostLeft', message: 'At most {amount} is left to pay' },
  nothingLeft: /*i18n*/ {
    id: 'invoices.field.nothingLeft',
    message: 'Nothing is left to pay: the invoice is paid in full',
  },
}
