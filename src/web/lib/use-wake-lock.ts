import { useEffect } from 'react';

/** Keeps the screen on while `active`, where the browser can (Screen Wake Lock API): a code shown
 * to a scanner or another phone should not dim away. Refused (battery saver, no permission): the
 * screen dims as usual. */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let done = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (done) void sentinel.release();
          else lock = sentinel;
        },
        () => undefined,
      );
    };
    request();
    // The browser drops the lock when the page is hidden; take it again on return.
    document.addEventListener('visibilitychange', request);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
