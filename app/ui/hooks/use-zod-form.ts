import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import { type FormInput, type FormSetup, useCheckedForm } from "./use-checked-form.ts";

/**
 * A form checked by one zod schema, the one its action parses too: the browser checks the form
 * with it (`parseWithZod`) and draws its fields' HTML constraints from it (`getZodConstraint`), so
 * without JavaScript the browser still refuses what the schema would. `constraintsFrom` takes the constraints from another schema (a
 * page whose schema is a union of its forms' takes one form's), or none with `false`.
 */
export function useZodForm<Schema extends $ZodType<unknown, FormInput>>(
  schema: Schema,
  {
    constraintsFrom = schema,
    ...setup
  }: FormSetup<input<Schema>> & {
    constraintsFrom?: $ZodType | false;
  },
) {
  const constraint = useMemo(
    () => (constraintsFrom === false ? undefined : getZodConstraint(constraintsFrom)),
    [constraintsFrom],
  );
  return useCheckedForm<input<Schema>, output<Schema>>({
    ...setup,
    constraint,
    validate: (formData) => parseWithZod(formData, { schema }),
  });
}
