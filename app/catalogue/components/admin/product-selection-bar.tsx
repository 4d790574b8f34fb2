import { Form } from "@remix-run/react";
import { Button } from "~/ui/button.tsx";

/** The bulk actions; the table's row checkboxes belong to this form through `form="bulk"`. */
export function ProductSelectionBar() {
  return (
    <Form
      method="post"
      id="bulk"
      preventScrollReset
      className="flex flex-wrap items-center gap-2 rounded-card border border-slate-200 bg-white p-2"
      aria-label="Selected products"
    >
      <Button type="submit" name="intent" value="confirm-hide" variant="secondary" size="sm" className="min-h-11">
        Hide Selected
      </Button>
      <Button type="submit" name="intent" value="unhide" variant="secondary" size="sm" className="min-h-11">
        Unhide Selected
      </Button>
      <Button type="submit" name="intent" value="confirm-delete" variant="danger" size="sm" className="min-h-11">
        Delete Selected
      </Button>
      <Button type="reset" variant="ghost" size="sm" className="min-h-11">
        Clear Selection
      </Button>
    </Form>
  );
}
