import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * True while a form of this page is being submitted (and, by default, while the page it leads to
 * loads): the one pending check for a form's button, after the Epic Stack's helper of this name.
 * `formAction` defaults to the action of the route the hook is used in.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  state = "non-idle",
}: {
  formAction?: string;
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  state?: "submitting" | "loading" | "non-idle";
} = {}) {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return inState && navigation.formAction === (formAction ?? routeAction) && navigation.formMethod === formMethod;
}
