import { Alert } from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { useSponsorOptions } from './events-api';

/** The event's sponsors, picked from the sponsor list (spec 2 section 7, event_sponsors). */
export function EventSponsorPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const sponsors = useSponsorOptions();
  const chosen = new Set(value);

  function toggle(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next]);
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">Sponsors</legend>
      {sponsors.isPending ? (
        <Spinner label="Loading sponsors" />
      ) : sponsors.isError ? (
        <Alert tone="error">Failed to load sponsors</Alert>
      ) : sponsors.data.length === 0 ? (
        <p className="text-sm text-fg-muted">No sponsors yet: add them in the Sponsors tab.</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {sponsors.data.map((s) => (
            <li key={s.id}>
              <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-2">
                <input
                  type="checkbox"
                  name="sponsorIds"
                  value={s.id}
                  checked={chosen.has(s.id)}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                  className="size-6 shrink-0 accent-brand"
                />
                <span className="text-sm">
                  {s.name} <span className="text-fg-muted">({s.level})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
