import { type RefObject, useEffect } from "react";
import { changedSinceServed } from "~/ui/early-hands.ts";

/**
 * A form that acts on change with JavaScript (and through its own button without): a change made
 * before the scripts arrived, when the button that would have sent it is gone once React takes
 * over, is sent then, as if made now.
 */
export function useEarlyChanges(form: RefObject<HTMLFormElement>, send: (form: HTMLFormElement) => void) {
  useEffect(() => {
    if (form.current && changedSinceServed(form.current)) send(form.current);
  }, []); // once, when React takes the page over
}
