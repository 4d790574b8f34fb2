import { type DefaultValue, type Submission, type SubmissionResult, useForm } from "@conform-to/react";

/** When Conform checks a field: on submit, when the field is left, or on every keystroke. */
type Timing = "onSubmit" | "onBlur" | "onInput";

/** A form's fields by name, as Conform takes them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound (useForm's Schema)
export type FormInput = Record<string, any>;

/** What a form states about itself; the rest is the house's one setup. */
export type FormSetup<Input extends FormInput> = {
  /** The form's id: fixed for a form that may render twice on a page or whose fields are linked to from elsewhere. */
  id?: string;
  /** The action's `submission.reply()`, so the server's errors and a refused post's values show (JS on and off). */
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<Input>;
  /** When a field is first checked. Default: when it is left, so nobody is told off while typing. */
  shouldValidate?: Timing;
  /** When a field with an error is checked again. Default: on every keystroke, so the error leaves as soon as it is fixed. */
  shouldRevalidate?: Timing;
};

/**
 * The house's Conform form: `useForm` with the form's own check and HTML constraints (the
 * browser's `required`, `maxLength`… that keep a form checked without JavaScript), and the timing
 * of `FormSetup`. Without zod, for a form whose check loads after the page (the checkout,
 * app/utils/lazy-validation.ts); a form with its schema at hand uses `useZodForm`.
 */
export function useCheckedForm<Input extends FormInput, Output = Input>({
  shouldValidate = "onBlur",
  shouldRevalidate = "onInput",
  validate,
  ...setup
}: FormSetup<Input> & {
  constraint: Parameters<typeof useForm<Input, Output>>[0]["constraint"];
  validate: (formData: FormData) => Submission<Input, string[], Output>;
}) {
  return useForm<Input, Output>({
    ...setup,
    shouldValidate,
    shouldRevalidate,
    onValidate: ({ formData }) => validate(formData),
  });
}
