// An Intl.DateTimeFormat with a time zone costs a fraction of a millisecond to construct and next
// to nothing to use: e-mails made by the thousand (reminders) share one per locale and options.
// The options come from code and the one configured time zone, so the map stays small.

const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
