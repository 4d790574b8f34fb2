import { parse, type Submission } from "@conform-to/react";

/**
 * A Conform `onValidate` whose code (zod and a schema, ~20 KB gzip) loads after the page instead of
 * delaying it: the import starts as soon as this runs in the browser. Until it has arrived, a result
 * of "not checked here" (`error: null`) lets Conform hand the form to the action, which checks it
 * with the same schema, so nothing is ever accepted unchecked. `Args` are what the check needs
 * besides the form (the page's Lingui instance, for its messages).
 */
export function lazyValidation<Value, Args extends unknown[] = []>(
  load: () => Promise<(formData: FormData, ...args: Args) => Submission<Value>>,
) {
  let validate: ((formData: FormData, ...args: Args) => Submission<Value>) | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then(
      (loaded) => void (validate = loaded),
      () => void (loading = undefined), // a failed download is tried again on the next check
    ));
  if (typeof document !== "undefined") void start();
  return (formData: FormData, ...args: Args): Submission<Value> => {
    if (validate) return validate(formData, ...args);
    void start();
    return parse(formData, { resolve: () => ({ error: null }) }) as Submission<Value>;
  };
}
