import { useEffect } from 'react';

/** Marks `<html data-app>` once the screen in view has been taken over: rendered inside the
 * screen's Suspense boundary (and the error pages'), its effect runs when that boundary has
 * committed, after the screen's own. A visitor's public page arrives rendered by the server and
 * works as plain HTML until then (decision 045): the page's loader then presses again a button
 * pressed before (server/first-screens.ts), and the end-to-end journeys wait for it. */
export function AppStarted() {
  useEffect(() => document.documentElement.setAttribute('data-app', ''), []);
  return null;
}
