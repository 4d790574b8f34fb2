import type { AnswerTable } from "~/i18n/answers.ts";

/** The database cannot take a write right now (DatabaseUnavailable's kind). Browser-safe. */
export type DatabaseAnswer = { code: "database.busy" } | { code: "database.cannot-save" };

/** Their English, what `/api/` and English pages say (and the error's message); other languages by the same id. */
export const DATABASE_ANSWERS: AnswerTable<DatabaseAnswer> = {
  "database.busy": /*i18n*/ { id: "database.busy", message: "The shop is busy. Please try again in a minute." },
  "database.cannot-save": /*i18n*/ {
    id: "database.cannot-save",
    message: "The shop cannot save orders right now. Please try again later.",
  },
};
