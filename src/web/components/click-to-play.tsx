import { useEffect, useRef, useState } from 'react';
import { Play } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * A video player that loads nothing from the video host until asked: a poster button first,
 * the host's iframe (YouTube no-cookie, Vimeo) after a click. Keeps pages light and keeps
 * third-party cookies and requests away from visitors who never press play.
 */
export function ClickToPlay({
  src,
  title,
  poster,
  className,
}: {
  /** The embed URL; autoplay is added, since the visitor already pressed play. */
  src: string;
  /** Names the iframe and the play button for assistive tech. */
  title: string;
  /** An image URL, or nothing for the brand gradient. */
  poster?: string | null;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The button disappears on click: move focus into the player instead of losing it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <div className={cn('relative aspect-video overflow-hidden rounded-xl bg-zinc-900', className)}>
      {playing ? (
        <iframe
          ref={frame}
          src={`${src}${src.includes('?') ? '&' : '?'}autoplay=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group focus-ring-media absolute inset-0 flex items-center justify-center"
        >
          {poster ? (
            <img src={poster} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="absolute inset-0 bg-radial-[at_30%_20%] from-indigo-500 via-indigo-950 to-zinc-950"
            />
          )}
          <span aria-hidden="true" className="absolute inset-0 bg-black/20 transition-colors group-hover:bg-black/10" />
          <span className="relative inline-flex size-16 items-center justify-center rounded-full bg-white/95 text-zinc-900 shadow-lg transition-transform group-hover:scale-105">
            <Play className="ml-1 size-7 fill-current" aria-hidden="true" />
          </span>
          <span className="sr-only">Play video: {title}</span>
        </button>
      )}
    </div>
  );
}
