import { DateTime } from 'luxon';
import { AppError } from '../http/errors';

/** The format of a calendar day in queries and answers. */
export const dayFormat = 'yyyy-MM-dd';

/** A yyyy-MM-dd calendar date in the zone; a 400 (invalid_date) naming the field when it is not one. */
export function calendarDate(text: string, field: string, zone: string): DateTime {
  const date = DateTime.fromFormat(text, dayFormat, { zone });
  if (!date.isValid || date.toFormat(dayFormat) !== text) {
    throw new AppError('invalid_date', `${field} is not a calendar date`, [
      { field, message: 'is not a calendar date', code: 'invalid' },
    ]);
  }
  return date;
}
