import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../components/PlannedPage'

export const Route = createFileRoute('/_default/book/$slug')({
  component: () => <PlannedPage path="/book/$slug" />,
})
