import type { ScreenProps } from "./screen-props.ts";
import { LazyRegistry } from "./registry.ts";
import { UnknownRenderer } from "./unknown-renderer.tsx";

/**
 * The screen renderers of the runtime, by renderer kind (routes manifest
 * `screen.kind`). Kinds not registered here render the visible fallback.
 */
export const screenRegistry = new LazyRegistry<ScreenProps>("screens", UnknownRenderer);
screenRegistry.register("login", () => import("../screens/auth/login-screen.tsx"));
screenRegistry.register("signup", () => import("../screens/auth/signup-screen.tsx"));
screenRegistry.register("resetPassword", () => import("../screens/auth/reset-password-screen.tsx"));
screenRegistry.register("forgotDomain", () => import("../screens/auth/forgot-domain-screen.tsx"));
screenRegistry.register("newAccountUser", () => import("../screens/auth/new-account-user-screen.tsx"));
screenRegistry.register("changePassword", () => import("../screens/auth/change-password-screen.tsx"));
screenRegistry.register("disable2fa", () => import("../screens/auth/disable-2fa-screen.tsx"));
screenRegistry.register("logout", () => import("../screens/public/logout-screen.tsx"));
screenRegistry.register("loggedOut", () => import("../screens/public/logged-out-screen.tsx"));
screenRegistry.register("disconnect", () => import("../screens/public/disconnect-screen.tsx"));
screenRegistry.register("maintenance", () => import("../screens/public/maintenance-screen.tsx"));
screenRegistry.register("upgrade", () => import("../screens/public/upgrade-screen.tsx"));
