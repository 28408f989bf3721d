/**
 * How long the server keeps what drivers send (the retention job, server/features/retention/): a
 * request's position is erased LOCATION_RETENTION_DAYS after the request is done, cancelled or closed,
 * and the whole request deleted REQUEST_RETENTION_DAYS after it arrived. The pages (the form's notice,
 * /privacy) are built with the same numbers, read from the same variables at build time.
 */
export const DEFAULT_LOCATION_RETENTION_DAYS = 30;
export const DEFAULT_REQUEST_RETENTION_DAYS = 730;

export interface RetentionDays {
  location: number;
  request: number;
}

/** A whole number of days from 1 to 36,500, or undefined when the text is not one. */
export function daysFrom(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const days = Number(text);
  return Number.isInteger(days) && days >= 1 && days <= 36_500 ? days : undefined;
}

/** The numbers from the environment's text, or the defaults where it says nothing. */
export function retentionDaysFrom(env: Record<string, string | undefined>): RetentionDays {
  return {
    location: daysFrom(env.LOCATION_RETENTION_DAYS) ?? DEFAULT_LOCATION_RETENTION_DAYS,
    request: daysFrom(env.REQUEST_RETENTION_DAYS) ?? DEFAULT_REQUEST_RETENTION_DAYS,
  };
}
