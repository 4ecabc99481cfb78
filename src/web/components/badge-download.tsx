import { useState } from 'react';
import { Printer } from 'lucide-react';
import {
  BADGE_AUDIENCES,
  BADGE_LAYOUTS,
  BADGE_PAPERS,
  BADGE_TEXTS,
  badgesUrl,
  type BadgeAudience,
  type BadgeLayout,
  type BadgePaper,
  type BadgesQuery,
} from '../../shared/badges';
import { FALLBACK_MESSAGE } from '../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { SelectField } from './select-field';

// Name badges (issue 36), on the event's admin page and the door screen: the PDF is fetched and
// handed to the browser as a download, so a refusal ("No one to print a badge for yet.") is shown
// here rather than saved as a file.

const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'badges.pdf';

/** Downloads an event's badges; `problem` is the server's reason when it refused. */
export function useBadgeDownload(eventId: string) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function download(query: BadgesQuery, key = 'all') {
    setBusy(key);
    setProblem(null);
    try {
      const response = await fetch(badgesUrl(eventId, query), { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setProblem(body?.error?.message ?? FALLBACK_MESSAGE);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setProblem(FALLBACK_MESSAGE);
    } finally {
      setBusy(null);
    }
  }
  return { download, busy, problem };
}

/** Who, which layout and which paper, and the download. */
export function BadgeDownload({ eventId, headingLevel = 2 }: { eventId: string; headingLevel?: 2 | 3 }) {
  const [who, setWho] = useState<BadgeAudience>('attending');
  const [layout, setLayout] = useState<BadgeLayout>('insert');
  const [paper, setPaper] = useState<BadgePaper>('letter');
  const { download, busy, problem } = useBadgeDownload(eventId);
  const Heading = `h${headingLevel}` as const;
  return (
    // No landmark of its own (a heading is enough): labelled "Name badges", it would answer to
    // the event form's "Name" wherever a label is looked up by its words.
    <section className="rounded-xl border border-line bg-surface-2 p-4">
      <Heading className="text-base font-semibold">{BADGE_TEXTS.title}</Heading>
      <p className="mt-1 text-sm text-fg-muted">{BADGE_TEXTS.intro}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={BADGE_TEXTS.who}
          name="badgeWho"
          value={who}
          onChange={(e) => setWho(e.target.value as BadgeAudience)}
        >
          {Object.entries(BADGE_AUDIENCES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={BADGE_TEXTS.layout}
          name="badgeLayout"
          value={layout}
          onChange={(e) => setLayout(e.target.value as BadgeLayout)}
        >
          {Object.entries(BADGE_LAYOUTS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={BADGE_TEXTS.paper}
          name="badgePaper"
          value={paper}
          onChange={(e) => setPaper(e.target.value as BadgePaper)}
        >
          {Object.entries(BADGE_PAPERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-3"
        loading={busy === 'all'}
        onClick={() => void download({ who, layout, paper })}
      >
        <Printer aria-hidden="true" />
        {BADGE_TEXTS.download}
      </Button>
      {problem && (
        <Alert tone="error" className="mt-3">
          {problem}
        </Alert>
      )}
    </section>
  );
}
