// How a member reads on the member screens (directory, profile, dashboard, connections).

/** "Realtor at Queen City Realty Group", or whichever half is set, or null. */
export function roleLine(position: string | null | undefined, company: string | null | undefined): string | null {
  if (position && company) return `${position} at ${company}`;
  return position || company || null;
}

/** The name to print for a member: the full name, else the username. */
export function displayName(member: { fullName: string | null; username: string }): string {
  return member.fullName?.trim() || member.username;
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
