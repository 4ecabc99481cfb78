import { lazy, Suspense, useEffect, useState } from 'react';
import SearchIcon from 'lucide-react/icons/search';
import { SEARCH_LABEL } from '../../shared/search-texts';
import { cn } from '../lib/cn';

// The header's way into the one search, on every page. Only this button and the shortcuts load
// with the page; the dialog's code (and the rest of the search) loads on first use, or as soon
// as the pointer or focus comes near the button.
const loadDialog = () => import('../features/search/quick-search-dialog');
/** The dialog's id: the shortcuts tell it from other dialogs. */
const QUICK_SEARCH_ID = 'quick-search';
const QuickSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuickSearchDialog })));

/** Typing here means text, not a shortcut. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
}

export function SearchButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted once opened, so its code loads then and stays; closed, it renders nothing.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTextEntry(event.target);
      // Ctrl+K, and Cmd+K on a Mac: from anywhere, text fields too (as in Slack and GitHub).
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      if (!slash && !commandK) return;
      // Another dialog (a confirmation, the guest form) keeps the keyboard to itself.
      const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
      if ([...dialogs].some((dialog) => dialog.id !== QUICK_SEARCH_ID)) return;
      event.preventDefault();
      setWanted(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const preload = () => void loadDialog();

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className={cn(
          'inline-flex h-9 min-w-9 items-center justify-center gap-2 rounded-lg text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg',
          'md:border md:border-line md:bg-surface md:pr-1.5 md:pl-3 md:text-sm',
          className,
        )}
      >
        <SearchIcon className="size-[18px] shrink-0 md:size-4" aria-hidden="true" />
        <span className="sr-only md:not-sr-only">{SEARCH_LABEL}</span>
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-line bg-surface-2 px-1.5 font-sans text-xs text-fg-muted md:ml-4 md:inline-block"
        >
          /
        </kbd>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <QuickSearchDialog id={QUICK_SEARCH_ID} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
