/**
 * What a visitor does on a prerendered page before React has taken it over (decision 058). Typed
 * text stays in the inputs, but React does not know it: a controlled input (/login) would submit
 * its empty state and clear the field on its next render, and react-hook-form (/register) resets
 * each field it registers to its default. A form sent before then would be sent by the browser
 * itself, a page load with the fields in the address. So from the start (`noteEarlyInput`,
 * main.tsx, before hydrating) the page's typed values are noted and its submits held, and once
 * the screen has hydrated (`replayEarlyInput`, app/router.tsx) each noted value is typed again as
 * an input event that React and react-hook-form see as the person's own, then a held submit is
 * sent again, through the screen's own handler.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;
type Noted = {
  typed: Map<Field, string>;
  submit?: { form: HTMLFormElement; by: HTMLElement | null };
};

let noted: Noted | undefined;
let stopNoting = () => {};

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

export function noteEarlyInput(root: HTMLElement) {
  const current: Noted = { typed: new Map() };
  noted = current;
  // typed before this code ran
  for (const field of root.querySelectorAll("input, textarea")) {
    if (isField(field) && field.value !== field.defaultValue) current.typed.set(field, field.value);
  }
  const onInput = (event: Event) => {
    if (isField(event.target)) current.typed.set(event.target, event.target.value);
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    current.submit = { form: event.target, by: event.submitter };
  };
  root.addEventListener("input", onInput, true);
  root.addEventListener("submit", onSubmit, true);
  stopNoting = () => {
    root.removeEventListener("input", onInput, true);
    root.removeEventListener("submit", onSubmit, true);
  };
}

/** The native setter: an assignment through it is not seen by React's own tracking of `value`. */
const setNativeValue = (field: Field, value: string) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);

export function replayEarlyInput() {
  stopNoting();
  const replayed = noted;
  noted = undefined;
  if (!replayed) return;
  for (const [field, value] of replayed.typed) {
    if (!field.isConnected || field.readOnly || field.disabled) continue;
    // React fires onChange only for a value different from the one it last saw: clear it through
    // the tracked setter first, then set the typed value natively and say so.
    field.value = "";
    setNativeValue(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const { form, by } = replayed.submit ?? {};
  if (!form) return;
  // after React has rendered those values: a handler reads them from its render (/login's state)
  setTimeout(() => {
    if (form.isConnected)
      form.requestSubmit(by?.isConnected && by instanceof HTMLButtonElement ? by : undefined);
  });
}
