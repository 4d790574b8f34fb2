import { getFormProps, getInputProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/ui/button.tsx";
import { FormErrors, Field } from "~/ui/field.tsx";
import { adminLoginSchema } from "~/staff/admin-login-schema.ts";
import { recordSuccessfulLogin, takeLoginAttempt, TooManyAttempts } from "~/platform/security/login-limits.server.ts";
import { getAdmin, landingPath, startSession, verifyLogin } from "~/staff/admin-session.server.ts";
import type { DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { formAction, type ParsedForm } from "~/platform/http/form-action.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { hasValue } from "~/ui/early-hands.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { useIsPending } from "~/ui/hooks/use-is-pending.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

export const meta: MetaFunction = () => [
  { title: "Admin Login | OpenBox Lebanon" },
  { name: "robots", content: "noindex" },
];

/** The 429's Retry-After reaches the browser on a plain (no JavaScript) form post too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await getAdmin(request, context);
  if (admin) throw redirect(landingPath(admin));
  return null;
}

/** A locked or full database (a session cannot be started): the form comes back with the message, never the password. */
function databaseFault(unavailable: DatabaseUnavailable, submission: ParsedForm | null) {
  return data(submission?.reply({ formErrors: [unavailable.message], hideFields: ["password"] }) ?? null, {
    status: 503,
    headers: unavailable.headers,
  });
}

/** Not behind adminAction (there is no admin yet), but the same shape: parse with the one schema, faults through onFault. */
export const action = formAction(async ({ request, context }: ActionFunctionArgs, { parse }) => {
  const submission = parse(await request.formData(), adminLoginSchema);
  // The password is never sent back, whatever happens.
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { username, password } = submission.value;
  try {
    await takeLoginAttempt(username, context.clientAddress);
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) },
    });
  }
  const admin = await verifyLogin(context.db, username, password, context.clientAddress);
  if (!admin) {
    return data(submission.reply({ formErrors: ["Invalid username or password"], hideFields: ["password"] }), {
      status: 400,
    });
  }
  await recordSuccessfulLogin(username, context.clientAddress);
  const cookie = await startSession(request, context, admin);
  return redirectWithToast(
    landingPath(admin),
    { type: "success", message: "Login successful! Welcome to Admin Dashboard" },
    context.cookies,
    {
      headers: { "Set-Cookie": cookie },
    },
  );
}, databaseFault);

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>();
  const busy = useIsPending({ formAction: "/admin?index", state: "submitting" });
  const hydrated = useHydrated();
  const [filled, setFilled] = useState({ username: false, password: false });
  // Read from the fields, never assumed: typed (or filled by a password manager) before the
  // scripts arrived, they must leave 'Login' enabled once React takes over.
  const formRef = useRef<HTMLFormElement>(null);
  const readFilled = () => {
    const elements = formRef.current?.elements;
    setFilled({
      username: hasValue(elements?.namedItem("username")),
      password: hasValue(elements?.namedItem("password")),
    });
  };
  useEffect(readFilled, []);
  const [form, fields] = useZodForm(adminLoginSchema, {
    lastResult,
    shouldValidate: "onSubmit",
  });
  // A refused login clears the password, also when the page was not reloaded: each
  // response mounts a fresh, empty password input.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!lastResult) return;
    setAttempt((current) => current + 1);
    setFilled((current) => ({ ...current, password: false }));
  }, [lastResult]);
  return (
    <section className="mx-auto mt-6 max-w-sm rounded-card border border-slate-200 bg-white p-6 shadow-card">
      <h1 className="text-2xl font-bold">Admin Login</h1>
      <p className="mt-2 text-sm text-slate-600">This section is restricted to authorized personnel only.</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 flex flex-col gap-4"
        ref={formRef}
        onInput={readFilled}
        onChange={readFilled}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label="Username"
          errors={fields.username.errors}
          autoComplete="username"
          {...getInputProps(fields.username, { type: "text" })}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          key={`password-${attempt}`}
        />
        <Button
          type="submit"
          pending={busy}
          disabled={hydrated && !(filled.username && filled.password)}
          className="w-full"
        >
          {busy ? "Logging in..." : "Login"}
        </Button>
      </Form>
    </section>
  );
}
