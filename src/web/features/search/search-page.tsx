import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { SearchX } from 'lucide-react';
import type { SearchHit } from '../../../shared/search';
import {
  SEARCH_EMPTY_QUERY,
  SEARCH_FAILED,
  SEARCH_GROUP_TITLES,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SIGN_IN_FOR_FORUMS,
  SEARCH_TYPES,
  noSearchResults,
  searchResultsTitle,
  type SearchType,
} from '../../../shared/search-texts';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { SearchHitContent } from '../../components/search-hit';
import { PageSpinner } from '../../components/spinner';
import { refusalReason } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { hitHref, resultCount, signInThen, useSearch, type SearchScope } from '../../lib/search';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSearchPages } from './api';

const tabClasses =
  'inline-flex min-h-9 items-center rounded-full border border-line px-3.5 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-on-brand';

const scopeOf = (value: string | null): SearchScope =>
  SEARCH_TYPES.includes(value as SearchType) ? (value as SearchType) : 'all';

/** /search?q=&type=: every group (or one, paged), the query in the URL so results can be shared. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = scopeOf(params.get('type'));
  const { me, isPending: meLoading } = useMe();
  useDocumentTitle(q ? searchResultsTitle(q) : SEARCH_LABEL);

  const scopes: SearchScope[] = ['all', ...SEARCH_TYPES.filter((t) => t !== 'forums' || me)];
  const scopeLabel = (scope: SearchScope) => (scope === 'all' ? 'All' : SEARCH_GROUP_TITLES[scope]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight break-words text-fg">
        {q ? searchResultsTitle(q) : SEARCH_LABEL}
      </h1>

      <SearchForm
        key={q}
        initial={q}
        onSubmit={(next) => setParams(next ? { q: next, ...(type !== 'all' && { type }) } : {})}
      />

      {q && (
        <nav aria-label="Result types" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {scopes.map((scope) => (
              <li key={scope}>
                <Link
                  to={paths.search(q, scope)}
                  aria-current={scope === type ? 'page' : undefined}
                  className={tabClasses}
                  replace
                >
                  {scopeLabel(scope)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {!me && !meLoading && q && (
        <p className="mt-4 text-sm">
          <Link to={signInThen(paths.search(q, type))} className="font-medium text-link underline underline-offset-4">
            {SEARCH_SIGN_IN_FOR_FORUMS}
          </Link>
        </p>
      )}

      <div className="mt-8">
        {!q ? (
          <p className="text-fg-muted">{SEARCH_EMPTY_QUERY}</p>
        ) : type === 'all' ? (
          <AllResults q={q} />
        ) : (
          <OneGroup key={`${type}-${q}`} q={q} type={type} />
        )}
      </div>
    </div>
  );
}

function SearchForm({ initial, onSubmit }: { initial: string; onSubmit: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(text.trim());
  };
  return (
    <form role="search" aria-label={SEARCH_LABEL} onSubmit={handleSubmit} className="mt-6 flex gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        {SEARCH_LABEL}
      </label>
      <input
        id="search-page-q"
        name="q"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder={SEARCH_PLACEHOLDER}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-10 min-w-0 flex-1 rounded-lg border border-line-strong bg-surface px-3 text-base text-fg shadow-sm placeholder:text-fg-muted focus-visible:outline-offset-1 sm:text-sm"
      />
      <Button type="submit">{SEARCH_LABEL}</Button>
    </form>
  );
}

/** Every group's best hits, each with a way to see all of that group. */
function AllResults({ q }: { q: string }) {
  const search = useSearch({ q });
  const data = search.data;
  const groups = data?.groups.filter((group) => group.hits.length > 0) ?? [];
  const count = groups.reduce((n, group) => n + group.hits.length, 0);
  return (
    <>
      <Count q={q} count={data && !search.isPlaceholderData ? count : undefined} />
      {search.isError && !search.isFetching ? (
        <Failure error={search.error} retry={() => void search.refetch()} />
      ) : !data ? (
        <PageSpinner label="Searching" />
      ) : count === 0 ? (
        <EmptyState icon={SearchX} title={noSearchResults(q)} />
      ) : (
        <div
          aria-busy={search.isPlaceholderData || undefined}
          className={cn('space-y-10', search.isPlaceholderData && 'opacity-60')}
        >
          {groups.map((group) => (
            <section key={group.type} aria-labelledby={`results-${group.type}`}>
              <h2 id={`results-${group.type}`} className="text-xl font-semibold">
                {SEARCH_GROUP_TITLES[group.type]}
              </h2>
              <HitList hits={group.hits} />
              {group.more && (
                <Link
                  to={paths.search(q, group.type)}
                  className="mt-3 inline-flex min-h-6 items-center text-sm font-medium text-link underline-offset-4 hover:underline"
                >
                  All {SEARCH_GROUP_TITLES[group.type].toLowerCase()}
                </Link>
              )}
            </section>
          ))}
        </div>
      )}
    </>
  );
}

/** One group, a page at a time. */
function OneGroup({ q, type }: { q: string; type: SearchType }) {
  const pages = useSearchPages(q, type);
  const hits = pages.data?.pages.flatMap((page) => page.groups.find((group) => group.type === type)?.hits ?? []);
  return (
    <section aria-labelledby="results-group">
      <h2 id="results-group" className="text-xl font-semibold">
        {SEARCH_GROUP_TITLES[type]}
      </h2>
      <Count q={q} count={hits?.length} more={pages.hasNextPage} />
      {pages.isError && !hits ? (
        <Failure error={pages.error} retry={() => void pages.refetch()} />
      ) : !hits ? (
        <PageSpinner label="Searching" />
      ) : hits.length === 0 ? (
        <EmptyState icon={SearchX} title={noSearchResults(q)} />
      ) : (
        <HitList hits={hits} />
      )}
      {pages.isFetchNextPageError && (
        <Alert tone="error" className="mt-4">
          {SEARCH_FAILED}
        </Alert>
      )}
      {pages.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-6"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </section>
  );
}

function HitList({ hits }: { hits: SearchHit[] }) {
  return (
    <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface shadow-sm">
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`}>
          <Link to={hitHref(hit)} className="block rounded-xl px-4 py-3 hover:bg-surface-2">
            <SearchHitContent hit={hit} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The count, said politely once per answer ("5 results", or that nothing was found); present
 * (empty) before the answer, so the answer's words are announced. */
function Count({ q, count, more = false }: { q: string; count: number | undefined; more?: boolean }) {
  const text =
    count === undefined ? '' : count === 0 ? noSearchResults(q) : `${resultCount(count)}${more ? ' so far' : ''}`;
  return (
    <p role="status" className={cn('mb-4 text-sm text-fg-muted', !count && 'sr-only')}>
      {text}
    </p>
  );
}

function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert tone="error" title={refusalReason(error) || SEARCH_FAILED}>
      <Button variant="secondary" size="sm" className="mt-2" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}
