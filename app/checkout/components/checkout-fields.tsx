import type { ReactNode } from "react";
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, SelectField, TextareaField } from "~/ui/field.tsx";
import { GOVERNORATES } from "~/catalogue/options.ts";
import { PHONE_EXAMPLE } from "~/utils/phone.ts";

type CheckoutFieldName = "name" | "email" | "phone" | "district" | "city" | "street" | "building" | "address";

/** The checkout form's fields, as Conform's useForm gives them (checkoutSchema's names). */
type CheckoutFieldsMetadata = Record<CheckoutFieldName, FieldMetadata<string | undefined>>;

/** 'Customer Information': name, email and phone. */
export function CustomerFields({ fields }: { fields: CheckoutFieldsMetadata }) {
  return (
    <fieldset className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold">Customer Information</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Full Name"
          errors={fields.name.errors}
          autoComplete="name"
          className="sm:col-span-2"
          {...getInputProps(fields.name, { type: "text" })}
        />
        <Field
          label="Email Address"
          errors={fields.email.errors}
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Field
          label="Phone Number"
          errors={fields.phone.errors}
          hint={`For example ${PHONE_EXAMPLE}; from abroad, with the country code (+33 …)`}
          autoComplete="tel"
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
  return (
    <fieldset className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold">Address Information</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Governorate"
          errors={fields.district.errors}
          {...getSelectProps(fields.district)}
          onChange={(event) => onGovernorateChange(event.currentTarget.value)}
        >
          <option value="">Select a governorate</option>
          {GOVERNORATES.map((governorate) => (
            <option key={governorate} value={governorate}>
              {governorate}
            </option>
          ))}
        </SelectField>
        {updateTotal}
        <Field
          label="City"
          errors={fields.city.errors}
          autoComplete="address-level2"
          {...getInputProps(fields.city, { type: "text" })}
        />
        <Field
          label="Street"
          errors={fields.street.errors}
          autoComplete="address-line1"
          {...getInputProps(fields.street, { type: "text" })}
        />
        <Field
          label="Building"
          errors={fields.building.errors}
          autoComplete="address-line2"
          {...getInputProps(fields.building, { type: "text" })}
        />
        <TextareaField
          label="Full Address"
          errors={fields.address.errors}
          className="sm:col-span-2"
          rows={3}
          {...getTextareaProps(fields.address)}
        />
      </div>
    </fieldset>
  );
}
