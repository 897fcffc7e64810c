import { Trans } from '@lingui/react/macro'
import { type CalendarEvent, googleCalendarLink, icsFile } from '../../../contract/calendar'
import { saveFile } from '../../lib/save-file'

/**
 * "Add to calendar" for an event's tickets or a booking: the calendar file, saved from the page (it works
 * offline), and Google Calendar's page with it filled in.
 */
export function AddToCalendar({ event, fileName }: { event: CalendarEvent; fileName: string }) {
  const save = () => saveFile(fileName, [icsFile(event)], 'text/calendar;charset=utf-8')
  return (
    <p className="actions">
      <button type="button" className="button secondary" onClick={save}>
        <Trans>Add to calendar</Trans>
      </button>
      <a href={googleCalendarLink(event)} target="_blank" rel="noopener noreferrer">
        {/* i18n-ignore: brand name */}
        Google Calendar
      </a>
    </p>
  )
}
