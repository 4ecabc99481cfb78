/** Focus the screen's heading (after a search moved within the same page, where the route's own
 * focus handling does not run). */
export function focusMainHeading() {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
