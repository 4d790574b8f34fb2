/**
 * A page is used before its scripts arrive (they load after the page, decision 030): what a person
 * typed, ticked or chose then is in the DOM, not in React's state. These read it from the DOM when
 * React takes the page over, so the state that mirrors a form starts from what is really there.
 */

/** A field the browser filled for the person (a password manager, address autofill), even before its value can be read. */
export function autofilled(field: Element | null | undefined) {
  if (!field) return false;
  for (const selector of [":autofill", ":-webkit-autofill"]) {
    try {
      if (field.matches(selector)) return true;
    } catch {
      // A browser that does not know this selector.
    }
  }
  return false;
}

/** A field has something in it: typed, pasted or filled by the browser. */
export function hasValue(field: unknown) {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return false;
  // A password may be spaces; other text is trimmed, as the schemas trim it.
  const text = field instanceof HTMLInputElement && field.type === "password" ? field.value : field.value.trim();
  return text !== "" || autofilled(field);
}

/**
 * Whether a form's visible fields differ from what the server wrote into it: a box ticked, an
 * option chosen or text typed before the scripts arrived. Hidden inputs are the page's own.
 */
export function changedSinceServed(form: HTMLFormElement | null | undefined) {
  if (!form) return false;
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (element.type === "hidden" || element.type === "submit" || element.type === "button") continue;
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.type === "file") {
        if (element.files?.length) return true;
      } else if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      if (Array.from(element.options).some((option) => option.selected !== option.defaultSelected)) {
        // A select with no option marked shows its first: that is not a change.
        const marked = Array.from(element.options).some((option) => option.defaultSelected);
        if (marked || element.selectedIndex !== 0) return true;
      }
    }
  }
  return false;
}
