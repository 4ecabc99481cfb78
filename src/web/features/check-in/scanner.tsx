import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Camera, CameraOff } from 'lucide-react';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';

// The camera and the photo: both read a QR code and hand its text to `onCode`. The decoder
// loads on demand (./decoder), warmed up when this part of the door screen first shows.

/** A few reads a second keep a phone cool and still feel instant. */
const SCAN_EVERY_MS = 250;
/** A code held in front of the camera is read once: again only after it was out of view this long. */
const SAME_CODE_GONE_MS = 2_000;

const loadDecoder = () => import('./decoder');

export function Scanner({ onCode, onProblem }: { onCode: (code: string) => void; onProblem: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [reading, setReading] = useState(false);
  const photoId = useId();
  const latest = useRef({ onCode, onProblem });
  useEffect(() => {
    latest.current = { onCode, onProblem };
  });

  // Fetch the decoder (and its WebAssembly) now: the first scan is then instant, offline too.
  useEffect(() => {
    void loadDecoder()
      .then((m) => m.loadReader())
      .catch(() => undefined);
  }, []);

  const stop = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setRunning(false);
  };

  // Leaving the page turns the camera off.
  useEffect(() => () => stop(), []);

  useEffect(() => {
    if (!running) return;
    let cancelled = false;
    let busy = false;
    let last = { code: '', seenAt: 0 };
    const timer = setInterval(() => {
      const video = videoRef.current;
      if (busy || !video || video.readyState < 2) return;
      busy = true;
      void loadDecoder()
        .then((m) => m.readCode(video))
        .then((code) => {
          if (cancelled || !code) return;
          const now = Date.now();
          const again = code === last.code && now - last.seenAt < SAME_CODE_GONE_MS;
          last = { code, seenAt: now };
          if (!again) latest.current.onCode(code);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, SCAN_EVERY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [running]);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      return latest.current.onProblem('This browser cannot use a camera here. Type the code or scan a photo.');
    }
    setStarting(true);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      streamRef.current = stream;
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play();
      setRunning(true);
    } catch {
      stop();
      latest.current.onProblem('The camera could not start. Allow the camera for this site, or type the code.');
    } finally {
      setStarting(false);
    }
  };

  const handlePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReading(true);
    try {
      const { readCode } = await loadDecoder();
      const code = await readCode(await createImageBitmap(file));
      if (code) latest.current.onCode(code);
      else latest.current.onProblem('No ticket code found in that photo. Try a sharper one, or type the code.');
    } catch {
      latest.current.onProblem('That photo could not be read. Try another, or type the code.');
    } finally {
      setReading(false);
      // The same file can be chosen again.
      input.value = '';
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        {running ? (
          <Button variant="secondary" size="lg" onClick={stop}>
            <CameraOff aria-hidden="true" />
            Stop camera
          </Button>
        ) : (
          <Button size="lg" loading={starting} onClick={() => void start()}>
            {!starting && <Camera aria-hidden="true" />}
            Start camera
          </Button>
        )}
      </div>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera view: hold a ticket’s QR code in front of it"
        className={cn('aspect-square w-full max-w-sm rounded-xl bg-black object-cover', !running && 'hidden')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={photoId} className="text-sm font-medium text-fg">
          Scan a photo of a ticket
        </label>
        <input
          id={photoId}
          type="file"
          accept="image/*"
          aria-busy={reading || undefined}
          onChange={(event) => void handlePhoto(event)}
          className={cn(
            'w-full max-w-full text-sm text-fg',
            'file:mr-3 file:h-10 file:rounded-lg file:border file:border-line-strong file:bg-surface',
            'file:px-4 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-2',
          )}
        />
      </div>
    </div>
  );
}
