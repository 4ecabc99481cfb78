/** An instant as the admin area shows it: "Nov 23, 6:00 PM" on the community's clock. */
export function formatShortTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
