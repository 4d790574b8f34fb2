import { useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";

/** The shop's name stays Latin in both languages (its brand); only the link's purpose is translated. */
export function Logo() {
  const { t } = useLingui();
  const to = useLocalePath();
  return (
    <Link
      to={to("/")}
      dir="ltr"
      className="flex items-center gap-2 rounded-md font-bold tracking-tight text-slate-900"
      aria-label={t`Open Box Lebanon, home`}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-brand-700)" />
        <path d="M7 12 16 8l9 4-9 4z" fill="#fff" opacity=".95" />
        <path d="M7 12v9l9 4v-9zM25 12v9l-9 4v-9z" fill="#fff" opacity=".7" />
      </svg>
      <span className="text-lg leading-none">
        Open<span className="text-brand-700">Box</span>
      </span>
    </Link>
  );
}
