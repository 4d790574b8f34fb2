import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { UploadList, useImageUploads } from "~/catalogue/components/admin/image-uploads.tsx";
import { ProductFields } from "~/catalogue/components/admin/product-fields.tsx";
import { Button } from "~/ui/button.tsx";
import { ErrorList, Field, FormErrors, TextareaField } from "~/ui/field.tsx";
import { IMAGE_ACCEPT } from "~/platform/files/image-limits.ts";
import { addProductSchema, FIELD_ORDER } from "~/catalogue/product-schema.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";
import type { KeptImage } from "~/catalogue/kept-image.ts";

/** What the Add Product action returns when it does not redirect: the form's errors, or a request-level message. */
export type AddProductActionData = {
  result: SubmissionResult<string[]> | null;
  alert: string | null;
  /** Files chosen without JavaScript, kept server-side while the form came back unsaved. */
  kept?: KeptImage[];
};

const MISSING: Record<(typeof FIELD_ORDER)[number], string> = {
  title: "a title",
  price: "a valid price",
  description: "a description",
  category: "a category",
  images: "an image",
  quantity: "a valid stock quantity",
  size: "valid sizes",
  stockBySize: "a valid stock for each size",
  oldPrice: "a price new above the price",
  costPrice: "a valid cost",
  packaging: "a packaging",
  grade: "a grade",
  conditionNotes: "shorter condition notes",
  inTheBox: "a shorter In the box list",
  titleAr: "a shorter Arabic title",
  descriptionAr: "a shorter Arabic description",
  imageCaptions: "shorter image captions",
  newImageCaptions: "shorter image captions",
};

/** What the disabled Add Product button still waits for, in the spec's order; empty when the form is complete. */
function stillMissing(form: HTMLFormElement | null) {
  if (!form) return [];
  const submission = parseWithZod(new FormData(form), { schema: addProductSchema });
  if (submission.status === "success") return [];
  return FIELD_ORDER.filter((field) => submission.error?.[field]?.length).map((field) => MISSING[field]);
}

export function AddProductForm({ actionData }: { actionData: AddProductActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const formRef = useRef<HTMLFormElement>(null);
  const uploads = useImageUploads();
  const [searchParams] = useSearchParams();
  const [missing, setMissing] = useState<string[] | null>(null);
  const kept = (navigation.state === "idle" ? actionData?.kept : undefined) ?? [];
  const [form, fields] = useZodForm(addProductSchema, {
    id: "add-product",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: { quantity: "0", category: "", packaging: "open-box", grade: "like-new" },
  });
  // One array per answer: FormErrors brings each new one into view.
  const alerts = useMemo(() => (actionData?.alert ? [actionData.alert] : null), [actionData]);
  const checkMissing = () => setMissing(stillMissing(formRef.current));
  // Images picked before the scripts arrived go up as if picked now: once React takes over, the
  // file input no longer posts them.
  const imagesId = fields.images.id;
  const addUploads = uploads.add;
  useEffect(() => {
    const input = document.getElementById(imagesId);
    if (!(input instanceof HTMLInputElement) || !input.files?.length) return;
    addUploads(Array.from(input.files));
    input.value = "";
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when React takes the page over
  }, []);
  // The uploaded URLs are hidden inputs: once they render, the form may have become complete.
  useEffect(checkMissing, [uploads.uploads]);

  // The clean form: the defaults back (the category prompt, Stock 0), no picked images. The
  // check waits a frame for the reset to have put the defaults back into the inputs.
  const clearUploads = uploads.clear;
  const startAfresh = () => {
    form.reset();
    clearUploads();
    requestAnimationFrame(checkMissing);
  };
  // A product was added (the action redirected instead of returning errors): start afresh.
  const submitted = useRef(false);
  useEffect(() => {
    if (adding) {
      submitted.current = true;
      return;
    }
    if (navigation.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (actionData === undefined) {
      form.reset();
      clearUploads();
      requestAnimationFrame(() => setMissing(stillMissing(formRef.current)));
    }
  }, [adding, navigation.state, actionData, form, clearUploads]);

  // The clean page is a GET of the list (which also drops a previous response's alert).
  const listParams = ["q", "page"].flatMap((name) => {
    const value = searchParams.get(name);
    return value ? [{ name, value }] : [];
  });
  const status = uploads.uploading
    ? "Uploading images..."
    : adding
      ? hydrated
        ? "Images uploaded successfully! Creating product..."
        : "Uploading images..."
      : "";
  const waiting = uploads.uploading ? ["the images to finish uploading"] : [];
  const blockers = [...(missing ?? []), ...waiting];
  const disabled = hydrated && (missing === null || blockers.length > 0);

  return (
    <section aria-labelledby="add-product-heading" className="rounded-card border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="add-product-heading" className="text-lg font-bold">
          Add New Product
        </h2>
        <Form method="get" action="/admin/products" preventScrollReset>
          {listParams.map((param) => (
            <input key={param.name} type="hidden" name={param.name} value={param.value} />
          ))}
          <Button type="submit" variant="secondary" size="sm" className="min-h-11" onClick={startAfresh}>
            Clear Form
          </Button>
        </Form>
      </div>
      <FormErrors errors={alerts} tone="warning" className="mt-3 rounded-md px-3 py-2 text-sm font-medium" />
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        {...getFormProps(form)}
        onInput={checkMissing}
        onChange={checkMissing}
        className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2"
      >
        <ProductFields fields={fields} updateSizes={form.validate.getButtonProps({ name: fields.size.name })} />
        <div className="md:col-span-2">
          {/* Before the file field: the links come first, as the captions (one per line) count them. */}
          {kept.map((image) => (
            <Fragment key={image.url}>
              <input type="hidden" name={fields.images.name} value={image.url} />
              <input type="hidden" name="keptImage" value={JSON.stringify(image)} />
            </Fragment>
          ))}
          <Field
            label="Product Images"
            errors={fields.images.errors}
            {...getInputProps(fields.images, { type: "file" })}
            required={kept.length ? false : fields.images.required}
            // With JavaScript the files go up one by one as they are picked (see useImageUploads);
            // the form then posts their URLs, so the input itself sends nothing.
            name={hydrated ? undefined : fields.images.name}
            multiple
            accept={IMAGE_ACCEPT}
            onChange={(event) => {
              if (!hydrated) return;
              uploads.add(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = "";
            }}
          />
          {kept.length ? (
            <ul className="mt-2 text-sm text-slate-700" aria-label="Kept images" data-testid="kept-images">
              {kept.map((image) => (
                <li key={image.url} className="break-words">
                  Chosen image: {image.name}, kept
                </li>
              ))}
            </ul>
          ) : null}
          {uploads.uploads
            .filter((upload) => upload.status === "done")
            .map((upload) => (
              <input key={upload.key} type="hidden" name={fields.images.name} value={upload.url} />
            ))}
          <UploadList uploads={uploads.uploads} onRemove={uploads.remove} captionName={fields.imageCaptions.name} />
          {hydrated ? null : (
            <TextareaField
              label="Image captions"
              hint="Optional, one per line in the order of the images, e.g. “Scuff on the left side”."
              errors={fields.imageCaptions.errors}
              className="mt-2"
              rows={2}
              id={fields.imageCaptions.id}
              name={fields.imageCaptions.name}
            />
          )}
          {hydrated ? <ErrorList errors={fields.imageCaptions.errors} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button
            type="submit"
            pending={adding}
            disabled={disabled}
            aria-describedby={disabled && blockers.length ? "add-product-missing" : undefined}
          >
            Add Product
          </Button>
          {disabled && blockers.length ? (
            <p id="add-product-missing" className="text-sm text-slate-700">
              Still needed: {blockers.join(", ")}
            </p>
          ) : null}
          <p role="status" className="text-sm text-slate-600">
            {status}
          </p>
        </div>
      </Form>
    </section>
  );
}
