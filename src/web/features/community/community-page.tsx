import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { MEMBERS_EMPTY, MEMBERS_PAGE_SIZE } from '../../../shared/member-texts';
import { ASKS_LABEL, OFFERS_LABEL, OFFER_OR_ASK_MAX_LENGTH } from '../../../shared/people-to-meet-texts';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { LoadError } from '../../components/load-error';
import { cn } from '../../lib/cn';
import { eventDateUtc } from '../../lib/dates';
import { plural } from '../../../shared/plural';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMemberFilters, useMembers } from './api';
import { MemberCard, MemberCardSkeleton } from './member-card';

const SEARCH_DEBOUNCE_MS = 300;
const LOAD_ERROR = 'Failed to load community members';

type FilterKey = 'q' | 'event' | 'skill' | 'offers' | 'asks';

function pageFrom(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

/** A typed filter: follows the URL, and writes to it once typing pauses. */
function useTypedFilter(value: string, commit: (next: string) => void) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    // The URL changed elsewhere (back button, Clear filters): follow it, unless it is just our own trim.
    setSynced(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // commit is recreated each render; the timer only depends on the typed text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, value]);
  return [text, setText] as const;
}

export function CommunityPage() {
  useDocumentTitle('Community');
  const { me } = useMe();
  const searchId = useId();
  const filtersId = useId();
  // On a phone the filters beyond the name search fold away, so the members show on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const event = searchParams.get('event') ?? '';
  const skill = searchParams.get('skill') ?? '';
  const offers = (searchParams.get('offers') ?? '').trim();
  const asks = (searchParams.get('asks') ?? '').trim();
  const page = pageFrom(searchParams.get('page'));

  const members = useMembers({ q, event, skill, offers, asks, page });
  const filters = useMemberFilters();

  /** Writes filters to the URL (shareable, survives reload); any filter change starts at page 1. */
  const updateFilters = (changes: Partial<Record<FilterKey, string>>, replace = false) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      },
      { replace },
    );
  };

  // The typed boxes update the URL once typing pauses.
  const [text, setText] = useTypedFilter(q, (next) => updateFilters({ q: next }, true));
  const [offersText, setOffersText] = useTypedFilter(offers, (next) => updateFilters({ offers: next }, true));
  const [asksText, setAsksText] = useTypedFilter(asks, (next) => updateFilters({ asks: next }, true));

  // A new page starts at the top of the list.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  // The list renders at transition priority, in slices the browser can interrupt: the query's
  // own update is synchronous and held a phone's main thread for the whole list at once.
  const data = useDeferredValue(members.data);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || MEMBERS_PAGE_SIZE))) : 1;
  const filtered = Boolean(q || event || skill || offers || asks);
  const activeFilters = [event, skill, offers, asks].filter(Boolean).length;

  const pageLink = (n: number) => {
    const next = new URLSearchParams(searchParams);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    // `?` alone is this page without a query.
    return `?${next.toString()}`;
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Community</h1>
        <p className="mt-3 text-fg-muted">
          Meet Charlotte&apos;s real-estate professionals, entrepreneurs and industry leaders. Find people by name, by
          the events they attended, by what they do or by what they offer and look for.
        </p>
      </header>

      <form
        role="search"
        aria-label="Find members"
        onSubmit={(e) => {
          e.preventDefault();
          updateFilters({ q: text.trim(), offers: offersText.trim(), asks: asksText.trim() }, true);
        }}
        className="mt-8 grid grid-cols-1 gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
      >
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor={searchId} className="text-sm font-medium text-fg">
            Search members
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              name="q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Name or username"
              autoComplete="off"
              spellCheck={false}
              className="h-10 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-9 text-base text-fg shadow-sm placeholder:text-fg-muted focus-visible:outline-offset-1 sm:text-sm"
            />
          </div>
        </div>
        <Button
          variant="secondary"
          className="justify-self-start sm:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {activeFilters > 0 && (
            <span className="rounded-full bg-info-soft px-2 text-xs font-semibold text-info-text">
              {activeFilters}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
        {/* From 640 px the filters are always shown, in the form's own grid. */}
        <div id={filtersId} className={cn('contents', !filtersOpen && 'max-sm:hidden')}>
          <SelectField
            label="Event"
            name="event"
            value={event}
            onChange={(e) => updateFilters({ event: e.target.value })}
          >
            <option value="">All events</option>
            {/* A shared link may name an event the list no longer offers; keep it selectable. */}
            {event && filters.data && !filters.data.events.some((e) => e.id === event) && (
              <option value={event}>Selected event</option>
            )}
            {filters.data?.events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name} ({eventDateUtc(e.startTime)})
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Skill"
            name="skill"
            value={skill}
            onChange={(e) => updateFilters({ skill: e.target.value })}
          >
            <option value="">All skills</option>
            {skill && filters.data && !filters.data.skills.some((s) => s.id === skill) && (
              <option value={skill}>Selected skill</option>
            )}
            {filters.data?.skills.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={OFFERS_LABEL}
            name="offers"
            type="search"
            value={offersText}
            onChange={(e) => setOffersText(e.target.value)}
            placeholder="e.g. lending"
            maxLength={OFFER_OR_ASK_MAX_LENGTH}
            autoComplete="off"
          />
          <TextField
            label={ASKS_LABEL}
            name="asks"
            type="search"
            value={asksText}
            onChange={(e) => setAsksText(e.target.value)}
            placeholder="e.g. a general contractor"
            maxLength={OFFER_OR_ASK_MAX_LENGTH}
            autoComplete="off"
          />
          <Button
            variant="ghost"
            className="sm:justify-self-start"
            disabled={!filtered && !text && !offersText && !asksText}
            onClick={() => {
              setText('');
              setOffersText('');
              setAsksText('');
              updateFilters({ q: '', event: '', skill: '', offers: '', asks: '' });
            }}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      </form>

      <section aria-labelledby="members-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="members-heading" className="text-lg font-semibold text-fg">
            Members
          </h2>
          <p role="status" className="text-sm text-fg-muted">
            {data
              ? `${plural(data.total, 'member')}${pageCount > 1 ? ` · page ${Math.min(page, pageCount)} of ${pageCount}` : ''}`
              : members.isPending
                ? 'Loading members'
                : ''}
          </p>
        </div>

        {members.isError && !data ? (
          <LoadError title={LOAD_ERROR} query={members} className="mt-4" retryLabel="Try again" />
        ) : !data ? (
          <ul aria-hidden="true" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <MemberCardSkeleton />
              </li>
            ))}
          </ul>
        ) : data && data.members.length === 0 ? (
          <EmptyState icon={SearchX} title={MEMBERS_EMPTY} className="mt-4">
            {filtered && 'Try a different name, or clear the filters.'}
          </EmptyState>
        ) : (
          <ul
            aria-busy={members.isPlaceholderData || undefined}
            className={cn(
              'mt-4 grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
              members.isPlaceholderData && 'opacity-60',
            )}
          >
            {data?.members.map((member) => (
              <li key={member.id}>
                <MemberCard member={member} isSelf={member.id === me?.id} />
              </li>
            ))}
          </ul>
        )}
        {members.isError && data && <Alert tone="error" className="mt-4" title={LOAD_ERROR} />}

        <Pagination page={page} pageCount={pageCount} to={pageLink} label="Member pages" className="mt-10" />
      </section>
    </div>
  );
}
