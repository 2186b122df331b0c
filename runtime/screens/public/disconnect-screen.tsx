/**
 * /disconnect (§2.1): the session was ended by the service. `?reason=` picks one of the known texts
 * (public-texts.ts); anything else shows the general one. A link signs in again.
 */
import { useState } from "react";
import { useLocation } from "react-router";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { AuthLinks, AuthOutcome, AuthPage } from "../auth/auth-page.tsx";
import { disconnectReasonKey } from "./public-texts.ts";

export default function DisconnectScreen(_props: ScreenProps) {
  const location = useLocation();
  const [messageKey] = useState(() => disconnectReasonKey(location.search));
  return (
    <AuthPage titleKey="PageTitle_Disconnect">
      <AuthOutcome messageKey={messageKey} tone="warning" />
      <AuthLinks labelKey="Auth_NextSteps" links={[{ to: "/login", labelKey: "Auth_SignIn" }]} />
    </AuthPage>
  );
}
