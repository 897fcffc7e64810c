import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../components/PlannedPage'

export const Route = createFileRoute('/_default/contact-us')({
  component: () => <PlannedPage path="/contact-us" />,
})
