import { Link } from '../lib/router';
import { paths } from '../lib/paths';

/** The brand mark and word, linking home. `wordClassName` lets a crowded bar hide the word
 * visually (it still names the link). */
export function Logo({ wordClassName }: { wordClassName?: string } = {}) {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight whitespace-nowrap text-fg"
    >
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand" />
        <path
          d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="22.5" cy="22.5" r="2.5" fill="#fff" />
      </svg>
      <span className={wordClassName}>Power Mixer</span>
    </Link>
  );
}
