import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
} from "react";

const control =
  "block w-full rounded-md border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 aria-[invalid=true]:border-danger-700";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm text-danger-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

const FORM_ERROR_TONES = {
  danger: "border-danger-700 bg-danger-50 text-danger-700",
  warning: "border-warning-700 bg-warning-50 text-warning-700",
};

/**
 * A form's own errors (not a field's: a refused sign-in or order, a wrong order number and phone,
 * a rate limit, a busy database), announced above the form, with `children` beside them (the
 * shop's number where the shopper is asked to call). Nothing when there are none.
 *
 * The box is where the shopper looks when it appears. A form-level error is drawn at the top of
 * its form, which on a phone can be far above the button just pressed: with JavaScript each new
 * answer scrolls it to the middle of the screen and moves focus to it, so a screen reader reads
 * it and Tab goes on from there; without JavaScript the page the form returns focuses it on load
 * (`autofocus`, which also scrolls it into view). Every form's form-level errors go through here.
 */
export function FormErrors({
  id,
  errors,
  className = "rounded-md px-3 py-2 text-sm",
  tone = "danger",
  children,
}: {
  id?: string;
  errors?: string[] | null;
  className?: string;
  tone?: keyof typeof FORM_ERROR_TONES;
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // A new answer is a new array (Conform's, or the action's data), even with the same words: the
  // same refusal twice is brought into view twice.
  useEffect(() => {
    if (!errors?.length || !box.current) return;
    box.current.scrollIntoView({ block: "center" });
    box.current.focus({ preventScroll: true });
  }, [errors]);
  if (!errors?.length) return null;
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      // Without JavaScript the only way to bring the answer into view on the page the form returns.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      data-form-errors=""
      className={`scroll-my-24 border-s-4 outline-offset-2 ${FORM_ERROR_TONES[tone]} ${className}`}
    >
      <ErrorList id={id} errors={errors} />
      {children}
    </div>
  );
}

type FieldShell = {
  label: ReactNode;
  errors?: string[] | null;
  errorId?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
  htmlFor?: string;
};

function FieldShell({ label, errors, errorId, hint, className = "", children, htmlFor }: FieldShell) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type Common = { label: ReactNode; errors?: string[] | null; hint?: ReactNode; className?: string };

/** Label, control and error list wired together (aria-invalid, aria-describedby). */
export function Field({
  label,
  errors,
  hint,
  className,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const errorId = `${input.id}-error`;
  return (
    <FieldShell label={label} errors={errors} errorId={errorId} hint={hint} className={className} htmlFor={input.id}>
      <input
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={`${control} min-h-11 border-slate-300`}
        {...input}
      />
    </FieldShell>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  const errorId = `${textarea.id}-error`;
  return (
    <FieldShell label={label} errors={errors} errorId={errorId} hint={hint} className={className} htmlFor={textarea.id}>
      <textarea
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={`${control} min-h-24 border-slate-300 py-2`}
        {...textarea}
      />
    </FieldShell>
  );
}

/** A native <select>: it works without JavaScript, unlike Radix Select. */
export function SelectField({
  label,
  errors,
  hint,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { id: string }) {
  const errorId = `${select.id}-error`;
  return (
    <FieldShell label={label} errors={errors} errorId={errorId} hint={hint} className={className} htmlFor={select.id}>
      <select
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={`${control} min-h-11 border-slate-300`}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}
