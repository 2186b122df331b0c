/**
 * Applies the versions operators publish while the page runs (DESIGN.md §3: pushed to connected
 * browsers): fetches the new manifest and its texts, checks this build can show it, applies it as
 * apply-plan.ts decides and answers the gateway — `applied`, or `rejected` with the reason while the
 * last good manifest stays. One version at a time, ending on the newest (config-queue.ts). Every
 * dependency is injected: tests run it with fakes.
 */
import type { AccessProfile } from "../../core/access/access-profile.ts";
import type { AppMode } from "../../core/routes/match.ts";
import type { ClientManifest } from "../../schemas/client-manifest.ts";
import type { Language } from "../i18n/i18n.ts";
import { type ConfigOutcomeFrame, rejectedFrame } from "../realtime/frames.ts";
import type { HeldManifest, ManifestState } from "../state/manifest-store.ts";
import { type ConfigDisplay, planConfigApply } from "./apply-plan.ts";
import {
  type ConfigQueueInput,
  type ConfigRequest,
  configQueueStep,
  IDLE_CONFIG_QUEUE,
} from "./config-queue.ts";
import { isSameAudience, type KnownKinds, unshowableReason } from "./manifest-check.ts";

/** What the live configuration acts on. `T` is the texts as prepared (runtime/i18n/i18n.ts PreparedTexts). */
export interface LiveConfigDeps<T> {
  /** Fetches the manifest; `atLeast`: the published version being applied (the gateway catches up to it). */
  fetchManifest: (atLeast?: number) => Promise<ClientManifest>;
  manifestState: () => ManifestState;
  setManifest: (manifest: ClientManifest, held: HeldManifest | null) => void;
  /** Fetches the texts `urls` change; rejects when one cannot be had. */
  prepareTexts: (urls: Readonly<Record<Language, string>>) => Promise<T>;
  /** Shows prepared texts at once. */
  applyTexts: (texts: T) => void;
  /** What the page shows now. */
  display: () => ConfigDisplay;
  profile: () => AccessProfile | null;
  mode: AppMode;
  known: () => KnownKinds;
  /** The route on display was withdrawn: home, with the banner saying why. */
  goHome: () => void;
  answer: (frame: ConfigOutcomeFrame) => void;
  log: (message: string, detail?: unknown) => void;
}

/** The live configuration of one realtime session. */
export interface LiveConfig {
  /** A version was published (or maintenance switched): fetch and apply it, after the one under way. */
  request(request: ConfigRequest): void;
  /** Nothing more is applied (sign-out); a version under way is dropped. */
  stop(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createLiveConfig<T>(deps: LiveConfigDeps<T>): LiveConfig {
  let queue = IDLE_CONFIG_QUEUE;
  let stopped = false;

  const reject = (version: number | null, reason: string, detail?: unknown) => {
    deps.log(`configuration ${version ?? "(unversioned)"} not applied: ${reason}`, detail);
    // A versionless event (maintenance) published nothing the gateway could count as rejected.
    if (version !== null) deps.answer(rejectedFrame(version, reason));
  };

  async function apply(request: ConfigRequest): Promise<void> {
    const before = deps.manifestState().manifest;
    // No manifest yet: the boot's own fetch brings the newest. Already on display: nothing to do.
    if (!before || (request.version !== null && before.configVersion >= request.version)) return;
    let next: ClientManifest;
    try {
      next = await deps.fetchManifest(request.version ?? undefined);
    } catch (error) {
      return reject(request.version, `manifest: ${messageOf(error)}`, error);
    }
    if (stopped) return;
    // Asked without a version (a (re)connect, maintenance): the manifest on display again is nothing new.
    const shown = deps.manifestState().manifest;
    if (
      request.version === null &&
      shown?.configVersion === next.configVersion &&
      shown.version === next.version
    ) {
      return;
    }
    if (request.version !== null && next.configVersion < request.version) {
      return reject(request.version, `the gateway served version ${next.configVersion}`);
    }
    const problem = unshowableReason(next, deps.known());
    if (problem) return reject(next.configVersion, problem);
    let texts: T;
    try {
      texts = await deps.prepareTexts(next.texts);
    } catch (error) {
      return reject(next.configVersion, `texts: ${messageOf(error)}`, error);
    }
    const current = deps.manifestState().manifest;
    // Signed out, or a sign-in, impersonation or refresh replaced the manifest meanwhile with its own.
    if (stopped || !current || !isSameAudience(current, next) || current.configVersion > next.configVersion)
      return;
    const display = deps.display();
    const plan = planConfigApply({
      current,
      next,
      display,
      urgency: request.urgency,
      profile: deps.profile(),
      mode: deps.mode,
    });
    deps.applyTexts(texts);
    const held = plan.atNextNavigation ? { manifest: plan.atNextNavigation, heldAt: display.pathname } : null;
    deps.setManifest(plan.now, held);
    if (plan.held.length > 0)
      deps.log(`configuration ${next.configVersion}: held until the next navigation`, plan.held);
    if (plan.routeWithdrawn) deps.goHome();
    deps.answer({ t: "applied", version: next.configVersion });
  }

  const step = (input: ConfigQueueInput) => {
    const result = configQueueStep(queue, input);
    queue = result.state;
    const { start } = result;
    if (!start) return;
    void apply(start)
      .catch((error: unknown) => deps.log("configuration not applied", error))
      .finally(() => {
        if (!stopped) step({ type: "finished" });
      });
  };

  return {
    request(request) {
      if (!stopped) step({ type: "published", request });
    },
    stop() {
      stopped = true;
    },
  };
}
