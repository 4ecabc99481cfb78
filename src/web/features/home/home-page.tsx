import { ArrowRight, CalendarDays, Mic, Users } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

// The hero only for now; the next-event countdown, events, podcast and benefits sections follow.
const highlights = [
  { Icon: CalendarDays, title: 'Mixer events', text: 'In-person evenings with the people who build the city.' },
  { Icon: Mic, title: 'The podcast', text: 'Interviews with founders, brokers and industry leaders.' },
  { Icon: Users, title: 'Member network', text: 'Profiles, skills, connections and direct messages.' },
];

export function HomePage() {
  useDocumentTitle();

  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-24 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--glow),transparent_65%)]"
      />
      <section aria-labelledby="hero-title" className="mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-fg-muted">
          <span className="size-1.5 rounded-full bg-brand" aria-hidden="true" />
          Charlotte, North Carolina
        </p>
        <h1
          id="hero-title"
          className="mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-fg sm:text-6xl"
        >
          Where Charlotte&apos;s professionals connect.
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-fg-muted">
          Power Mixer brings real-estate professionals, entrepreneurs and industry leaders together for mixer events,
          conversations on our podcast, and a member community that keeps the connections going.
        </p>
        <div className="mt-10 flex flex-wrap items-center gap-3">
          <ButtonLink to={paths.register} size="lg">
            Join the Community
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to={paths.events} variant="secondary" size="lg">
            Explore events
          </ButtonLink>
        </div>

        <ul className="mt-20 grid gap-4 sm:grid-cols-3">
          {highlights.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
              <Icon className="size-5 text-link" aria-hidden="true" />
              <h2 className="mt-3 text-base font-semibold text-fg">{title}</h2>
              <p className="mt-1 text-sm text-fg-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
