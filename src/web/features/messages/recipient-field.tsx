import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { USERNAME_LOOKUP_MAX } from '../../../shared/limits';
import { plural } from '../../../shared/plural';
import { Avatar } from '../../components/avatar';
import { cn } from '../../lib/cn';
import { useRecipientSuggestions } from './api';
import { fieldBorder } from '../../components/field-frame';

const SUGGEST_DEBOUNCE_MS = 200;

/**
 * The compose form's To field: a combobox (ARIA 1.2 pattern) suggesting usernames as you type.
 * Arrow keys move through the suggestions, Enter picks one, Escape closes the list.
 */
export function RecipientField({
  id,
  value,
  onChange,
  error,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const listId = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [prefix, setPrefix] = useState('');

  // Ask the server once typing pauses.
  useEffect(() => {
    const next = value.trim().replace(/^@/, '');
    const timer = setTimeout(() => setPrefix(next), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const suggestions = useRecipientSuggestions(open ? prefix : '');
  const options = prefix && open ? (suggestions.data?.members ?? []) : [];
  // Nothing to suggest when the field already holds exactly the one match.
  const exact = options.length === 1 && options[0]!.username.toLowerCase() === value.trim().toLowerCase();
  const expanded = open && options.length > 0 && !exact;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const choose = (username: string) => {
    onChange(username);
    setOpen(false);
    setActive(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption.username);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        To
        <span className="text-fg-muted" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="relative">
        <input
          id={id}
          name="to"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- compose opened on purpose: start typing at once
          autoFocus={autoFocus}
          placeholder="Username"
          maxLength={USERNAME_LOOKUP_MAX}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
          className={cn(
            'h-10 w-full rounded-lg border bg-surface px-3 text-base text-fg shadow-sm sm:text-sm',
            'placeholder:text-fg-muted focus-visible:outline-offset-1',
            fieldBorder(error),
          )}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested members"
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${option.id}`}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: the input keeps focus and the choice lands before blur.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option.username);
              }}
              onMouseMove={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm',
                index === active ? 'bg-surface-2' : '',
              )}
            >
              <Avatar name={option.fullName || option.username} src={option.avatarUrl} size="sm" />
              <span className="min-w-0">
                <span className="block truncate font-medium text-fg">{option.username}</span>
                {option.fullName && <span className="block truncate text-xs text-fg-muted">{option.fullName}</span>}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="sr-only" role="status">
        {expanded ? `${plural(options.length, 'suggestion')} available` : ''}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
