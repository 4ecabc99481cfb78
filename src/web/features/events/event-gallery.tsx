import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { Dialog } from '../../components/dialog';
import { cn } from '../../lib/cn';
import { responsiveImage } from '../../lib/responsive-image';

type Picture = { src: string; alt: string };

const navButton =
  'inline-flex size-10 items-center justify-center rounded-full bg-black/60 text-white shadow-md backdrop-blur-sm transition-colors hover:bg-black/80';

/** Panelist cards first, then photos: a carousel with counter, wrap-around arrows, thumbnails and a lightbox. */
export function EventGallery({
  eventName,
  panelistsUrls,
  galleryUrls,
}: {
  eventName: string;
  panelistsUrls: string[];
  galleryUrls: string[];
}) {
  const pictures: Picture[] = [
    ...panelistsUrls.map((src, i) => ({ src, alt: `${eventName}: panelist ${i + 1} of ${panelistsUrls.length}` })),
    // "Picture": a gallery may hold photos or illustrations (the demo's are drawn).
    ...galleryUrls.map((src, i) => ({ src, alt: `${eventName}: picture ${i + 1} of ${galleryUrls.length}` })),
  ];
  const count = pictures.length;
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  const current = pictures[Math.min(index, count - 1)];

  const previous = () => setIndex((i) => (i - 1 + count) % count);
  const next = () => setIndex((i) => (i + 1) % count);

  // In the lightbox the arrow keys browse, wherever focus is inside it (Escape closes: Radix).
  useEffect(() => {
    if (!lightbox) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
      else if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [lightbox, count]);

  if (!current) return null;
  const counter = `${index + 1} / ${count}`;

  return (
    <div role="group" aria-roledescription="carousel" aria-label={`${eventName} gallery`} className="space-y-3">
      <div className="relative overflow-hidden rounded-xl bg-zinc-900 shadow-sm">
        <button
          type="button"
          onClick={() => setLightbox(true)}
          className="group focus-ring-media block w-full"
          aria-label={`View full size: ${current.alt}`}
        >
          <img
            {...responsiveImage(current.src)}
            // The event page's gallery column: max-w-4xl (56rem).
            sizes="(min-width: 960px) 896px, calc(100vw - 2rem)"
            alt={current.alt}
            className="aspect-video w-full object-contain"
          />
          <span
            aria-hidden="true"
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full bg-black/60 text-white opacity-80 transition-opacity group-hover:opacity-100"
          >
            <Expand className="size-4" />
          </span>
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={previous}
              className={cn(navButton, 'absolute top-1/2 left-3 -translate-y-1/2')}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
              <span className="sr-only">Previous image</span>
            </button>
            <button type="button" onClick={next} className={cn(navButton, 'absolute top-1/2 right-3 -translate-y-1/2')}>
              <ChevronRight className="size-5" aria-hidden="true" />
              <span className="sr-only">Next image</span>
            </button>
          </>
        )}
        <p
          aria-live="polite"
          className="absolute bottom-3 left-3 rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
        >
          {counter}
        </p>
      </div>

      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {pictures.map((picture, i) => (
            <li key={`${picture.src}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Show image ${i + 1} of ${count}`}
                className={cn(
                  'block overflow-hidden rounded-lg ring-2 ring-offset-2 ring-offset-canvas transition',
                  i === index ? 'ring-brand' : 'ring-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  {...responsiveImage(picture.src)}
                  sizes="96px"
                  alt=""
                  loading="lazy"
                  className="h-14 w-20 object-cover sm:h-16 sm:w-24"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={lightbox}
        onOpenChange={setLightbox}
        title={`${eventName} (${counter})`}
        description="Use the arrow keys to browse; Escape closes."
        className="max-w-5xl!"
      >
        <div className="relative">
          <img
            {...responsiveImage(current.src)}
            sizes="(min-width: 1088px) 1024px, 100vw"
            alt={current.alt}
            className="max-h-[70dvh] w-full rounded-lg bg-zinc-900 object-contain"
          />
          {count > 1 && (
            <div className="mt-4 flex items-center justify-between gap-3">
              <button type="button" onClick={previous} className={navButton}>
                <ChevronLeft className="size-5" aria-hidden="true" />
                <span className="sr-only">Previous image</span>
              </button>
              <p className="text-sm text-fg-muted tabular-nums">{counter}</p>
              <button type="button" onClick={next} className={navButton}>
                <ChevronRight className="size-5" aria-hidden="true" />
                <span className="sr-only">Next image</span>
              </button>
            </div>
          )}
        </div>
      </Dialog>
    </div>
  );
}
