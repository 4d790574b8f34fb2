import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { type DatabaseUnavailable, withDatabaseFaults } from "../db/database-faults.server.ts";

/** A parsed form, whatever its schema: enough to respond with it as typed. */
export type ParsedForm = Pick<Submission<unknown>, "reply" | "payload">;

export type FormActionTools = {
  /**
   * Conform's parseWithZod with the page's one schema (a discriminated union on `intent` where a
   * page has several buttons). The submission is remembered, so a database fault can respond with
   * the form as it was typed.
   */
  parse<Schema extends z.ZodType>(
    formData: FormData | URLSearchParams,
    schema: Schema,
  ): Submission<z.input<Schema>, string[], z.output<Schema>>;
};

/**
 * The one shape of a page action with a form: it parses through `parse`, and a locked or full
 * database becomes `onFault`'s response (a message where the user is, with the parsed form if
 * there was one), never a 500 or the 'Unexpected Application Error!' screen (withDatabaseFaults,
 * with the parsed form handed on). Other errors pass through. Admin pages use it through
 * `adminAction` (app/staff/admin-action.server.ts).
 */
export function formAction<Args, Result, FaultResult>(
  handle: (args: Args, tools: FormActionTools) => Promise<Result>,
  onFault: (unavailable: DatabaseUnavailable, submission: ParsedForm | null, args: Args) => FaultResult,
) {
  return async (args: Args) => {
    let submission: ParsedForm | null = null;
    const tools: FormActionTools = {
      parse(formData, schema) {
        const parsed = parseWithZod(formData, { schema });
        submission = parsed;
        return parsed;
      },
    };
    return withDatabaseFaults<Args, Result | Awaited<FaultResult>>(
      (handlerArgs) => handle(handlerArgs, tools),
      async (unavailable, faultArgs): Promise<Awaited<FaultResult>> =>
        await onFault(unavailable, submission, faultArgs),
    )(args);
  };
}
