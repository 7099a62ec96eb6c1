/**
 * What a visitor does on a prerendered page before React has taken it over (decision 058). Typed
 * text stays in the inputs, but React does not know it: a controlled input (/login, /register)
 * would submit its empty state and clear the field on its next render (react-hook-form's
 * uncontrolled fields keep it; typed again, they keep it too). A form sent before then
 * would be sent by the browser itself, a page load with the fields in the address. So
 * web/public/start-app.js, which starts the page's JavaScript, notes the typed values and holds a
 * submit from the start; once the screen has hydrated, `replayEarlyInput` (app/router.tsx) types
 * each noted value again as an input event that React and react-hook-form see as the person's
 * own, then sends a held submit again, through the screen's own handler.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;
type EarlyInput = {
  typed: Map<Field, string>;
  submit?: { form: HTMLFormElement; by: HTMLElement | null };
  stop?: () => void;
};

/** Where web/public/start-app.js leaves it, on a prerendered page. */
type Holder = { legacyVaultEarlyInput?: EarlyInput };

/** The native setter: an assignment through it is not seen by React's own tracking of `value`. */
const setNativeValue = (field: Field, value: string) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);

export function replayEarlyInput() {
  const page = window as Window & Holder; // (an effect: in the browser only)
  const early = page.legacyVaultEarlyInput;
  if (!early) return;
  delete page.legacyVaultEarlyInput;
  early.stop?.();
  for (const [field, value] of early.typed) {
    if (!field.isConnected || field.readOnly || field.disabled) continue;
    // React fires onChange only for a value different from the one it last saw: clear it through
    // the tracked setter first, then set the typed value natively and say so.
    field.value = "";
    setNativeValue(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const { form, by } = early.submit ?? {};
  if (!form) return;
  // after React has rendered those values: a handler reads them from its render (/login's state)
  setTimeout(() => {
    if (form.isConnected)
      form.requestSubmit(by?.isConnected && by instanceof HTMLButtonElement ? by : undefined);
  });
}
