import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../components/PlannedPage'

export const Route = createFileRoute('/_default-old/p')({ component: () => <PlannedPage path="/p" /> })
