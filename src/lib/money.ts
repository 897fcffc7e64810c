// The formatter lives in contract/ so the server's mails and the pages write money the same way.
export { formatMoney } from '../../contract/format-money'
