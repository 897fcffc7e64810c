import { type CalendarEvent, googleCalendarLink, icsFile } from '../../../contract/calendar'

/**
 * "Add to calendar" for an event's tickets or a booking: the calendar file, saved from the page (it works
 * offline), and Google Calendar's page with it filled in.
 */
export function AddToCalendar({ event, fileName }: { event: CalendarEvent; fileName: string }) {
  const save = () => {
    const url = URL.createObjectURL(new Blob([icsFile(event)], { type: 'text/calendar;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return (
    <p className="actions">
      <button type="button" className="button secondary" onClick={save}>
        Add to calendar
      </button>
      <a href={googleCalendarLink(event)} target="_blank" rel="noopener noreferrer">
        Google Calendar
      </a>
    </p>
  )
}
