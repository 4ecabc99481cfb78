import { formatShortCode } from '../../shared/check-in-texts';
import { cn } from '../lib/cn';
import { qrImageSource, type TicketHolder } from '../lib/ticket';

/**
 * One ticket's QR image with its short code under it (typed at the door when a scanner cannot
 * read the image): the event page's "Your ticket" and the dashboard's next-event card. White
 * behind the code whatever the theme: scanners need the contrast and the quiet zone. A ticket
 * kept offline from before short codes came shows the image alone.
 */
export function TicketCode({ holder, size, className }: { holder: TicketHolder; size: number; className?: string }) {
  return (
    <div className={cn('min-w-0', className)} style={{ maxWidth: size }}>
      <img
        src={qrImageSource(holder.qrSvg)}
        alt={`Check-in code for ${holder.name}`}
        width={size}
        height={size}
        className="aspect-square w-full rounded-md bg-white"
      />
      {holder.shortCode && (
        <p className="mt-1 text-center font-mono text-lg font-bold tracking-wider text-fg">
          <span className="sr-only">Code </span>
          {formatShortCode(holder.shortCode)}
        </p>
      )}
    </div>
  );
}
