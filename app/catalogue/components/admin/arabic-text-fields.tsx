import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { Field, TextareaField } from "~/ui/field.tsx";

type Meta = FieldMetadata<string | null, Record<string, unknown>, string[]>;

/**
 * The optional Arabic title and description: the /ar pages show
 * them instead of the English ones where present. Typed right to left; left empty, there is none.
 */
export function ArabicTextFields({ title, description }: { title: Meta; description: Meta }) {
  return (
    <>
      <Field
        label="Arabic title"
        hint="Optional: shown on the Arabic pages instead of the title."
        errors={title.errors}
        dir="rtl"
        lang="ar"
        {...getInputProps(title, { type: "text" })}
      />
      <div className="hidden md:block" />
      <TextareaField
        label="Arabic description"
        hint="Optional: shown on the Arabic pages instead of the description."
        errors={description.errors}
        className="md:col-span-2"
        rows={3}
        dir="rtl"
        lang="ar"
        {...getTextareaProps(description)}
      />
    </>
  );
}
