import { useEffect, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../shared/search-texts';
import { cn } from '../lib/cn';

/**
 * A search box that reports what was typed once typing pauses (`delay` ms), e.g. to put it in
 * the URL and query the server. Follows `value` when it changes from outside (back button).
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
  delay = 300,
  className,
}: {
  /** Names the box for assistive tech (visually hidden; the placeholder and icon show its use). */
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  delay?: number;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const [outside, setOutside] = useState(value);
  // Adopt a new value from outside during render (React's pattern for props-driven state).
  if (value !== outside) {
    setOutside(value);
    if (value !== text.trim()) setText(value);
  }

  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  });

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => report.current(next), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);

  return (
    <SearchInput
      label={label}
      value={text}
      onChange={setText}
      placeholder={placeholder}
      maxLength={SEARCH_QUERY_MAX_LENGTH}
      className={className}
    />
  );
}

/** The search box itself, answering every keystroke: for lists filtered in the page. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  id,
  className,
}: {
  /** Names the box for assistive tech (visually hidden; the placeholder and icon show its use). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  id?: string;
  className?: string;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        aria-hidden="true"
      />
      <input
        id={inputId}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={maxLength}
        className="h-10 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-9 text-base text-fg shadow-sm placeholder:text-fg-muted focus-visible:outline-offset-1 sm:text-sm"
      />
    </div>
  );
}
