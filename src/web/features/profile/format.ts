// Small display helpers shared by the member screens.

/** "Realtor at Queen City Realty Group", or whichever half is set, or null. */
export function roleLine(position: string | null | undefined, company: string | null | undefined): string | null {
  if (position && company) return `${position} at ${company}`;
  return position || company || null;
}

/** The name to print for a member: the full name, else the username. */
export function displayName(member: { fullName: string | null; username: string }): string {
  return member.fullName?.trim() || member.username;
}

/** "March 2026" */
export function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** "Mar 5, 2026" in UTC: an event's date does not shift with the viewer's time zone. */
export function eventDateUtc(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** "Mar 5, 2026" in the viewer's time zone. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "example.com" from "https://www.example.com/about"; the input itself when it is not a URL. */
export function hostnameOf(url: string): string {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** An absolute http(s) address for a stored website, or null if it is not one. */
export function safeWebsiteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** "1 connection", "3 connections" */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
