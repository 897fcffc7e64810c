import type { Locator } from '@playwright/test'

/** Types into a field as a person does: a tap, everything selected, then the keys. */
export async function typeInto(field: Locator, value: string) {
  await field.click()
  await field.press('ControlOrMeta+a')
  await field.pressSequentially(value)
}
