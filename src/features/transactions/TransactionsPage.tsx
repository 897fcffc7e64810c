import { Trans, useLingui } from '@lingui/react/macro'
import { LoadMore } from '../../components/LoadMore'
import { OfflineNote } from '../../components/OfflineNote'
import { usePageTitle } from '../../lib/title'
import { CurrencySwitch } from './CurrencySwitch'
import { EmptyTransactions } from './EmptyTransactions'
import { ExportCsv } from './ExportCsv'
import { BuyerList, SellerList } from './MovementList'
import { RoleSwitch } from './RoleSwitch'
import { SellerSummary } from './SellerSummary'
import { TransactionFilters } from './TransactionFilters'
import { useTransactions } from './useTransactions'

/** /account/transactions: a seller's books (or, for anyone, their payments and refunds). */
export function TransactionsPage() {
  const { t } = useLingui()
  usePageTitle(t`Transactions`)
  const { search, isSeller, list, role, books, sellerMovements, buyerMovements, count, filtered, errors } =
    useTransactions()
  return (
    <section className="page transactions" aria-labelledby="transactions-heading">
      <h1 id="transactions-heading">
        <Trans>Transactions</Trans>
      </h1>
      <OfflineNote updatedAt={list.dataUpdatedAt} failed={list.isError && !!list.data} />
      {isSeller ? <RoleSwitch role={role} /> : null}
      {books ? <CurrencySwitch books={books} search={search} /> : null}
      <TransactionFilters search={search} role={role} errors={errors} />
      <div aria-live="polite">
        {list.isPending ? <p role="status">{t`Loading your transactions…`}</p> : null}
        {list.isError && !list.data ? (
          <p role="alert">
            {Object.keys(errors).length > 0
              ? t`Check the filters marked above.`
              : t`Your transactions could not be loaded: ${list.error.message}`}{' '}
            <button type="button" className="link-button" onClick={() => void list.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        ) : null}
      </div>
      {books ? <SellerSummary books={books} filtered={filtered} /> : null}
      {list.isSuccess && count === 0 ? (
        <EmptyTransactions role={role} filtered={filtered} search={search} books={books} />
      ) : null}
      {count > 0 ? (
        <section aria-labelledby="movements-heading">
          <div className="movements-head">
            <h2 id="movements-heading">{role === 'seller' ? t`Movements` : t`Payments and refunds`}</h2>
            <ExportCsv search={search} currency={books?.currency} />
          </div>
          {role === 'seller' ? (
            <SellerList movements={sellerMovements} />
          ) : (
            <BuyerList movements={buyerMovements} />
          )}
          <LoadMore list={list} />
        </section>
      ) : null}
    </section>
  )
}
