import { createFileRoute } from '@tanstack/react-router'
import { ReviewsPage } from '../../../features/admin/ReviewsPage'

export const Route = createFileRoute('/_default/admin/reviews')({ component: ReviewsPage })
