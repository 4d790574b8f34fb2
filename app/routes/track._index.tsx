import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type HeadersFunction, type MetaFunction, redirect } from "@remix-run/node";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { ReachTheShop } from "~/settings/components/reach-the-shop.tsx";
import { Button } from "~/ui/button.tsx";
import { FormErrors, Field } from "~/ui/field.tsx";
import { DEFAULT_PAGE_SHOP_DETAILS } from "~/settings/shop-details.ts";
import { trackSchemaFor } from "~/orders/track-schema.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { giveTrackingTryBack } from "~/platform/security/tracking-rate-limit.server.ts";
import { refusedTrackingTry } from "~/orders/tracking-try.server.ts";
import { findOrderByNumberAndPhone, trackingMessages } from "~/orders/tracking.server.ts";
import type { RootLoader } from "~/root.tsx";
import { PHONE_EXAMPLE } from "~/utils/phone.ts";
import { withShareTags } from "~/shell/share-tags.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";

export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(
    matches.map((match) => ({ handle: match.handle })),
    location.pathname,
  );
  return withShareTags(
    [
      { title: i18n._(msg`Track your order | OpenBox Lebanon`) },
      {
        name: "description",
        content: i18n._(
          msg`See where your OpenBox Lebanon order is: enter its number and the phone number you ordered with.`,
        ),
      },
      { name: "robots", content: "noindex" },
    ],
    { matches, location },
  );
};

/** Never indexed, never stored by a cache; a 429's Retry-After reaches a plain form post too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export function loader() {
  return null;
}

/** The phone comes by POST so it stays out of URLs and logs; a found order goes to its own page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const i18n = i18nOfRequest(request);
  const submission = parseWithZod(await request.formData(), { schema: trackSchemaFor(i18n) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refused = await refusedTrackingTry(context.clientAddress, i18n, submission);
  if (refused) return refused;
  const publicId = findOrderByNumberAndPhone(context.db, submission.value.number, submission.value.phone);
  if (!publicId) return data(submission.reply({ formErrors: [trackingMessages(i18n).notFound] }), { status: 404 });
  await giveTrackingTryBack(context.clientAddress);
  return redirect(localePath(localeOfPath(new URL(request.url).pathname), `/track/${publicId}`));
}

export default function TrackOrder() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { i18n, t } = useLingui();
  const to = useLocalePath();
  const busy = navigation.state === "submitting" && navigation.formAction === to("/track?index");
  const trackSchema = trackSchemaFor(i18n);
  const details = useRouteLoaderData<RootLoader>("root")?.shopDetails ?? DEFAULT_PAGE_SHOP_DETAILS;
  const [form, fields] = useZodForm(trackSchema, {
    lastResult,
  });
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Track your order</Trans>
        </h1>
        <p className="mt-2 text-slate-600">
          <Trans>Enter the order number from your confirmation and the phone number you ordered with.</Trans>
        </p>
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label={t`Order number`}
          errors={fields.number.errors}
          inputMode="numeric"
          placeholder="1001"
          dir="ltr"
          {...getInputProps(fields.number, { type: "text" })}
        />
        <Field
          label={t`Phone number`}
          errors={fields.phone.errors}
          hint={
            <Trans>
              For example <bdi dir="ltr">{PHONE_EXAMPLE}</bdi>
            </Trans>
          }
          autoComplete="tel"
          dir="ltr"
          {...getInputProps(fields.phone, { type: "tel" })}
        />
        <Button type="submit" pending={busy} className="w-full">
          {busy ? t`Looking...` : t`Track order`}
        </Button>
      </Form>
      <ReachTheShop details={details}>{t`Lost your order number? Call us on`}</ReachTheShop>
    </section>
  );
}
