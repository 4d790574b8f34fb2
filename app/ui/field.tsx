import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

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

/**
 * A form's own errors (not a field's: a refused sign-in, a wrong order number and phone, a busy
 * database), announced above the form. Nothing when there are none.
 */
export function FormErrors({
  id,
  errors,
  className = "rounded-md px-3 py-2 text-sm",
}: {
  id?: string;
  errors?: string[] | null;
  className?: string;
}) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className={`border-s-4 border-danger-700 bg-danger-50 text-danger-700 ${className}`}>
      <ErrorList id={id} errors={errors} />
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
