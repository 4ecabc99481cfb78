import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import * as RadixDialog from '@radix-ui/react-dialog';
import SearchIcon from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import type { SearchResponse } from '../../../shared/search';
import {
  QUICK_SEARCH_LIMIT,
  SEARCH_DIALOG_TITLE,
  SEARCH_FAILED,
  SEARCH_GROUP_TITLES,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SEE_ALL,
  SEARCH_SIGN_IN_FOR_FORUMS,
  noSearchResults,
} from '../../../shared/search-texts';
import { SearchHitContent } from '../../components/search-hit';
import { Spinner } from '../../components/spinner';
import { refusalReason } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { hitHref, resultCount, signInThen, useDebounced, useSearch } from '../../lib/search';
import { useMe } from '../../lib/session';
import { focusMainHeading } from './focus';

/** Long enough to skip the requests of a word typed at speed, short enough to feel instant. */
const TYPING_PAUSE_MS = 180;

const optionClasses =
  'flex min-h-11 cursor-pointer items-center rounded-lg px-3 py-2 aria-selected:bg-surface-2 aria-selected:outline-2 aria-selected:outline-ring aria-selected:-outline-offset-2';

/**
 * The quick search (issue 21): a combobox (ARIA 1.2) whose listbox holds the hits in groups and
 * a last option for the results page. Focus stays in the input; the arrows move the active
 * option, Enter opens it (or, with none active, the results page), Escape closes.
 */
export function QuickSearchDialog({
  id,
  open,
  onOpenChange,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { me } = useMe();
  const inputRef = useRef<HTMLInputElement>(null);
  /** Set while a choice navigates away: focus then goes to the new page, not back to the button. */
  const leaving = useRef(false);
  /** What had focus when the dialog opened (the header's button, or the page for a shortcut). */
  const openedFrom = useRef<HTMLElement | null>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;

  const [text, setText] = useState('');
  // Leading spaces mean nothing; a trailing one says the last word is finished (not a prefix).
  const typed = text.trimStart();
  const q = useDebounced(typed, TYPING_PAUSE_MS);
  const search = useSearch({ q, limit: QUICK_SEARCH_LIMIT });
  // Nothing typed: nothing shown (the last answer is not kept for an empty box).
  const data: SearchResponse | undefined = typed && q ? search.data : undefined;

  const hits = data?.groups.flatMap((group) => group.hits) ?? [];
  // The hits, then "See all results" (when there is something to see).
  const options = data && hits.length > 0 ? [...hits.map(hitHref), paths.search(data.query)] : [];
  // The active option belongs to one answer: a new answer starts with none active.
  const [active, setActive] = useState<{ data: SearchResponse | undefined; index: number }>({
    data: undefined,
    index: -1,
  });
  const activeIndex = active.data === data ? active.index : -1;
  const setActiveIndex = (index: number) => setActive({ data, index });
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
    // optionId only derives from the stable baseId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex, data]);

  const go = (to: string) => {
    leaving.current = true;
    onOpenChange(false);
    const samePage = new URL(to, window.location.origin).pathname === pathname;
    void navigate(to);
    // A new page's heading takes focus by itself (app/route-focus.tsx); the same page's does not.
    if (samePage) requestAnimationFrame(focusMainHeading);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setActiveIndex(activeIndex < 0 || activeIndex >= count - 1 ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        setActiveIndex(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      // With an option active, Home and End move through the options; otherwise the caret.
      case 'Home':
      case 'End':
        if (activeIndex < 0) return;
        event.preventDefault();
        setActiveIndex(event.key === 'Home' ? 0 : count - 1);
        break;
      case 'Enter': {
        event.preventDefault();
        const chosen = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (chosen) go(chosen);
        else if (typed) go(paths.search(typed.trim()));
        break;
      }
    }
  };

  const announcement = !data ? '' : hits.length === 0 ? noSearchResults(data.query) : resultCount(hits.length);
  const failure = search.isError && typed && q ? refusalReason(search.error) || SEARCH_FAILED : '';
  const loading = Boolean(typed) && (typed !== q || search.isFetching);
  let index = 0;

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          id={id}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Into the box with the last query selected: typing replaces it, arrows reuse it.
            event.preventDefault();
            leaving.current = false;
            openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            inputRef.current?.focus();
            inputRef.current?.select();
          }}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a Dialog.Trigger, and this dialog has none (the header's button
            // and the shortcuts open it): back to what had focus, unless a choice went elsewhere.
            event.preventDefault();
            if (!leaving.current) openedFrom.current?.focus();
          }}
          className={cn(
            'fixed inset-x-0 top-0 z-50 flex max-h-dvh flex-col border-b border-line bg-surface text-fg shadow-xl',
            'sm:top-[10vh] sm:left-1/2 sm:max-h-[80vh] sm:w-[calc(100vw-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-xl sm:border',
          )}
        >
          <RadixDialog.Title className="sr-only">{SEARCH_DIALOG_TITLE}</RadixDialog.Title>
          <div className="flex items-center gap-2 border-b border-line py-2 pr-2 pl-4">
            <SearchIcon className="size-5 shrink-0 text-fg-muted" aria-hidden="true" />
            <label htmlFor={`${baseId}-input`} className="sr-only">
              {SEARCH_LABEL}
            </label>
            <input
              ref={inputRef}
              id={`${baseId}-input`}
              type="text"
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              enterKeyHint="search"
              autoComplete="off"
              spellCheck={false}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              placeholder={SEARCH_PLACEHOLDER}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={handleKeyDown}
              className="h-11 min-w-0 flex-1 rounded-md bg-transparent px-1 text-base text-fg placeholder:text-fg-muted focus-visible:outline-offset-0"
            />
            {/* A fixed slot: the spinner comes and goes without moving anything. */}
            <span className="flex size-5 shrink-0 items-center justify-center text-fg-muted">
              {loading && <Spinner label="" />}
            </span>
            <RadixDialog.Close
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>

          <div className={cn('overflow-y-auto overscroll-contain', (data || failure) && 'p-2')}>
            {failure && (
              <p role="alert" className="px-3 py-2 text-sm text-danger-text">
                {failure}
              </p>
            )}
            <div
              role="listbox"
              id={listId}
              tabIndex={-1}
              aria-label={data ? `${SEARCH_LABEL}: ${resultCount(hits.length)}` : SEARCH_LABEL}
              hidden={options.length === 0}
              // Mouse presses keep focus in the box (the active option is the box's descendant).
              onMouseDown={(event) => event.preventDefault()}
              // Still the previous words' answer (typing, or the new one on its way): say so.
              aria-busy={search.isPlaceholderData || typed !== q || undefined}
              className={cn('space-y-2', search.isPlaceholderData && 'opacity-60')}
            >
              {data?.groups
                .filter((group) => group.hits.length > 0)
                .map((group) => (
                  <div key={group.type} role="group" aria-labelledby={`${baseId}-${group.type}`}>
                    <div
                      id={`${baseId}-${group.type}`}
                      role="presentation"
                      className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase"
                    >
                      {SEARCH_GROUP_TITLES[group.type]}
                    </div>
                    {group.hits.map((hit) => {
                      const at = index++;
                      return (
                        // Keys are the input's (aria-activedescendant); the option takes clicks only.
                        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                        <div
                          key={`${hit.kind}-${hit.id}`}
                          tabIndex={-1}
                          id={optionId(at)}
                          role="option"
                          aria-selected={at === activeIndex}
                          onPointerMove={() => at !== activeIndex && setActiveIndex(at)}
                          onClick={() => go(hitHref(hit))}
                          className={optionClasses}
                        >
                          <SearchHitContent hit={hit} className="flex-1" />
                        </div>
                      );
                    })}
                  </div>
                ))}
              {data && hits.length > 0 && (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  tabIndex={-1}
                  id={optionId(hits.length)}
                  role="option"
                  aria-selected={hits.length === activeIndex}
                  onPointerMove={() => hits.length !== activeIndex && setActiveIndex(hits.length)}
                  onClick={() => go(paths.search(data.query))}
                  className={cn(optionClasses, 'border-t border-line text-sm font-medium text-link')}
                >
                  {SEARCH_SEE_ALL}
                </div>
              )}
            </div>
            {data && hits.length === 0 && (
              <p className="px-3 pt-1 text-sm text-fg-muted">{noSearchResults(data.query)}</p>
            )}
            {data && !me && (
              <p className="px-3 pt-2 pb-1 text-sm">
                <Link
                  to={signInThen(paths.search(data.query))}
                  onClick={() => {
                    leaving.current = true;
                    onOpenChange(false);
                  }}
                  className="font-medium text-link underline-offset-4 hover:underline"
                >
                  {SEARCH_SIGN_IN_FOR_FORUMS}
                </Link>
              </p>
            )}
          </div>
          {/* Said once per answer, not per keystroke. */}
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
