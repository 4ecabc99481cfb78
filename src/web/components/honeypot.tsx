/** A field people never see and form-filling bots fill in: hidden from people and assistive
 * tech, out of the tab order. The server answers a message with it filled as sent, and drops it. */
export function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label>
        Website
        <input type="text" name={name} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
