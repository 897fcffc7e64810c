import { createFileRoute } from '@tanstack/react-router'
import { BookListPage } from '../../../features/bookings/BookListPage'
import { validateBookSearch } from '../../../features/bookings/book-search'

// ?q=&category=&sort=price live in the URL, so a search can be shared.
export const Route = createFileRoute('/_default/book/')({
  validateSearch: validateBookSearch,
  component: BookListPage,
})
