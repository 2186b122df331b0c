/** /loggedout (§2.1, §4.2): the user has signed out; a link signs in again. */
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { AuthLinks, AuthOutcome, AuthPage } from "../auth/auth-page.tsx";

export default function LoggedOutScreen(_props: ScreenProps) {
  return (
    <AuthPage titleKey="PageTitle_LoggedOut">
      <AuthOutcome messageKey="LoggedOut_Message" />
      <AuthLinks labelKey="Auth_NextSteps" links={[{ to: "/login", labelKey: "LoggedOut_SignInAgain" }]} />
    </AuthPage>
  );
}
