import { useDeferredValue } from 'react';
import { useSearchParams } from '../../lib/router';
import { CalendarPlus, CalendarX } from 'lucide-react';
import type { EventStatus } from '../../../shared/events';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { EventCard, EventCardSkeleton } from '../../components/event-card';
import { Pagination } from '../../components/pagination';
import { SearchField } from '../../components/search-field';
import { SelectField } from '../../components/select-field';
import { textLinkClasses } from '../../components/text-link';
import { LoadError } from '../../components/load-error';
import { cn } from '../../lib/cn';
import { STATUS_LABELS } from '../../lib/event-status';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEventsList, type EventsFilter } from './api';

// From the labels rather than shared/events' EVENT_STATUSES: a runtime import of that module
// would bring zod into this page, which needs none.
const STATUSES = Object.keys(STATUS_LABELS) as EventStatus[];
const isStatus = (value: string | null): value is EventStatus => STATUSES.includes(value as EventStatus);

/** Reads the filters and page from the URL (?q=&status=&category=&page=), so they survive reloads and links. */
function useFilterFromUrl(): [EventsFilter, (change: Partial<EventsFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const filter: EventsFilter = {
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    category: params.get('category') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };

  const update = (change: Partial<EventsFilter>) => {
    // Any new filter starts again at page 1.
    const next = { ...filter, page: 1, ...change };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.status) search.set('status', next.status);
    if (next.category) search.set('category', next.category);
    if (next.page > 1) search.set('page', String(next.page));
    // Typing replaces the history entry; paging and menus add one.
    setParams(search, { replace: change.q !== undefined });
  };
  return [filter, update];
}

export function EventsPage() {
  useDocumentTitle('Events');
  const [filter, setFilter] = useFilterFromUrl();
  const list = useEventsList(filter);
  // The list renders at transition priority, in slices the browser can interrupt: the query's
  // own update is synchronous and held a phone's main thread for the whole list at once.
  const data = useDeferredValue(list.data);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(filter.q || filter.status || filter.category);

  const pageLink = (page: number) => {
    const search = new URLSearchParams();
    if (filter.q) search.set('q', filter.q);
    if (filter.status) search.set('status', filter.status);
    if (filter.category) search.set('category', filter.category);
    if (page > 1) search.set('page', String(page));
    const query = search.toString();
    return query ? `?${query}` : '?';
  };

  // The category menu keeps the chosen category even while a search hides every event of it.
  const categories = data?.categories ?? [];
  const categoryOptions =
    filter.category && !categories.includes(filter.category) ? [...categories, filter.category] : categories;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Power Mixer Events</h1>
        <p className="mt-3 text-lg text-fg-muted">
          Mixers, workshops, panels and galas for Charlotte&apos;s professionals. Find your next room to be in.
        </p>
        {/* A feed calendar apps subscribe to (webcal: opens the subscribe dialog in most of them). */}
        <a href="/calendar.ics" className={cn(textLinkClasses, 'mt-3 inline-flex items-center gap-2 text-sm')}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Subscribe to the events calendar
        </a>
      </header>

      <div role="search" aria-label="Filter events" className="mt-8 grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchField
          label="Search events"
          placeholder="Search events..."
          value={filter.q}
          onSearch={(q) => setFilter({ q })}
        />
        <SelectField
          label="Status"
          hideLabel
          name="status"
          value={filter.status}
          onChange={(event) => setFilter({ status: event.target.value as EventStatus | '' })}
        >
          <option value="">All Statuses</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          hideLabel
          name="category"
          value={filter.category}
          onChange={(event) => setFilter({ category: event.target.value })}
        >
          <option value="">All Categories</option>
          {categoryOptions.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="mt-8" aria-busy={list.isFetching || undefined}>
        {list.isError ? (
          <LoadError title="Failed to load events" query={list} retryLabel="Try again" />
        ) : !data ? (
          <div role="status" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">Loading events</span>
            {Array.from({ length: 6 }, (_, i) => (
              <EventCardSkeleton key={i} />
            ))}
          </div>
        ) : data.events.length === 0 ? (
          <EmptyState icon={CalendarX} title="No events found matching your criteria">
            {filtered && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-1"
                onClick={() => setFilter({ q: '', status: '', category: '' })}
              >
                Clear filters
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-fg-muted">
              {data.total === 1 ? '1 event' : `${data.total} events`}
              {pageCount > 1 && ` · page ${data.page} of ${pageCount}`}
            </p>
            <ul className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {data.events.map((event, index) => (
                <li key={event.id} className="flex [&>article]:flex-1">
                  {/* The first card's picture is the page's largest paint on a phone: fetch it first. */}
                  <EventCard event={event} headingLevel="h2" priority={index === 0} />
                </li>
              ))}
            </ul>
            <Pagination className="mt-10" page={data.page} pageCount={pageCount} to={pageLink} label="Events pages" />
          </>
        )}
      </div>
    </div>
  );
}
