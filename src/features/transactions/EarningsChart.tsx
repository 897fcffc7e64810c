import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { CurrencyCode } from '../../../contract/currencies'
import { formatMoney } from '../../lib/money'
import { dayText } from './transactions-format'

const CHART = { width: 300, height: 100, gap: 2 }

/** Net earnings per day as bars (below the line on a day refunds outweighed sales), with its words. */
export function EarningsChart({
  daily,
  currency,
}: {
  daily: { day: string; net: number }[]
  currency: CurrencyCode
}) {
  const { t } = useLingui()
  const id = useId()
  const total = daily.reduce((sum, d) => sum + d.net, 0)
  const best = daily.reduce<{ day: string; net: number } | null>(
    (top, d) => (d.net > 0 && (!top || d.net > top.net) ? d : top),
    null,
  )
  const sum = formatMoney(total, currency)
  const bestDay = best ? dayText(best.day) : ''
  const bestNet = best ? formatMoney(best.net, currency) : ''
  const summary =
    total === 0 && !best
      ? t`No earnings in the last 30 days.`
      : total >= 0
        ? best
          ? t`Earned ${sum} over the last 30 days; best day ${bestDay}, ${bestNet}.`
          : t`Earned ${sum} over the last 30 days.`
        : best
          ? t`Net ${sum} over the last 30 days; best day ${bestDay}, ${bestNet}.`
          : t`Net ${sum} over the last 30 days.`
  const up = Math.max(0, ...daily.map((d) => d.net))
  const down = Math.max(0, ...daily.map((d) => -d.net))
  const range = up + down || 1
  const zero = (CHART.height * up) / range
  const slot = CHART.width / Math.max(daily.length, 1)
  return (
    <figure className="earnings-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <h2 className="chart-heading">
          <Trans>Last 30 days</Trans>
        </h2>
        <p className="muted">{summary}</p>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{t`Net earnings per day, last 30 days`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {daily.map((d, i) => {
          const height = d.net === 0 ? 0 : Math.max((CHART.height * Math.abs(d.net)) / range, 1)
          return (
            <rect
              key={d.day}
              x={i * slot + CHART.gap / 2}
              y={d.net > 0 ? zero - height : zero}
              width={slot - CHART.gap}
              height={height}
              className={d.net < 0 ? 'bar-negative' : 'bar'}
            >
              <title>{`${dayText(d.day)}: ${formatMoney(d.net, currency)}`}</title>
            </rect>
          )
        })}
        <line x1="0" x2={CHART.width} y1={zero} y2={zero} className="chart-baseline" />
      </svg>
      <p className="chart-axis muted" aria-hidden="true">
        <span>{daily[0] ? dayText(daily[0].day) : ''}</span>
        <span>{daily.at(-1) ? dayText(daily.at(-1)?.day ?? '') : ''}</span>
      </p>
    </figure>
  )
}
