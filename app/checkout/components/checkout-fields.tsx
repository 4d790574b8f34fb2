import { useLingui as useLinguiInstance } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, SelectField, TextareaField } from "~/ui/field.tsx";
import { GOVERNORATES } from "~/settings/delivery.ts";
import { PHONE_EXAMPLE } from "~/utils/phone.ts";
import { GOVERNORATE_LABEL } from "../governorate-label.ts";

type CheckoutFieldName = "name" | "email" | "phone" | "district" | "city" | "street" | "building" | "address";

/** The checkout form's fields, as Conform's useForm gives them (checkoutSchema's names). */
type CheckoutFieldsMetadata = Record<CheckoutFieldName, FieldMetadata<string | undefined>>;

/** 'Customer Information': name, email and phone. */
export function CustomerFields({ fields }: { fields: CheckoutFieldsMetadata }) {
  const { t } = useLingui();
  return (
    <fieldset className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold">
        <Trans>Customer Information</Trans>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t`Full Name`}
          errors={fields.name.errors}
          autoComplete="name"
          className="sm:col-span-2"
          {...getInputProps(fields.name, { type: "text" })}
        />
        <Field
          label={t`Email Address`}
          errors={fields.email.errors}
          autoComplete="email"
          dir="ltr"
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Field
          label={t`Phone Number`}
          errors={fields.phone.errors}
          hint={
            <Trans>
              For example <bdi dir="ltr">{PHONE_EXAMPLE}</bdi>; from abroad, with the country code (
              <bdi dir="ltr">+33 …</bdi>)
            </Trans>
          }
          autoComplete="tel"
          dir="ltr"
          {...getInputProps(fields.phone, { type: "tel" })}
        />
      </div>
    </fieldset>
  );
}

/** 'Address Information'; the Governorate select tells the page, whose Order Summary follows it. */
export function AddressFields({
  fields,
  onGovernorateChange,
  updateTotal,
}: {
  fields: CheckoutFieldsMetadata;
  onGovernorateChange: (governorate: string) => void;
  /** Without JavaScript: the 'Update total' submit beside the select (the total cannot follow it). */
  updateTotal?: ReactNode;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiInstance();
  return (
    <fieldset className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold">
        <Trans>Address Information</Trans>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t`Governorate`}
          errors={fields.district.errors}
          {...getSelectProps(fields.district)}
          onChange={(event) => onGovernorateChange(event.currentTarget.value)}
        >
          <option value="">{t`Select a governorate`}</option>
          {GOVERNORATES.map((governorate) => (
            <option key={governorate} value={governorate}>
              {i18n._(GOVERNORATE_LABEL[governorate])}
            </option>
          ))}
        </SelectField>
        {updateTotal}
        <Field
          label={t`City`}
          errors={fields.city.errors}
          autoComplete="address-level2"
          {...getInputProps(fields.city, { type: "text" })}
        />
        <Field
          label={t`Street`}
          errors={fields.street.errors}
          autoComplete="address-line1"
          {...getInputProps(fields.street, { type: "text" })}
        />
        <Field
          label={t`Building`}
          errors={fields.building.errors}
          autoComplete="address-line2"
          {...getInputProps(fields.building, { type: "text" })}
        />
        <TextareaField
          label={t`Full Address`}
          errors={fields.address.errors}
          className="sm:col-span-2"
          rows={3}
          {...getTextareaProps(fields.address)}
        />
      </div>
    </fieldset>
  );
}
