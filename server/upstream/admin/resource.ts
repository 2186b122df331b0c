/**
 * What an admin resource is: the screen contract of schemas/screens.ts bound to a store spec. A
 * resource names its admin module (§6: Read for reads, Write for changes), the declarative table
 * spec, its writable fields and filters, which of create / edit / delete / export it offers and the
 * hooks that check or complete a change. `registerAdminResource` (resource-routes.ts) turns it into
 * routes.
 */
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import type { ErrorCodeName } from "../http/error-codes.ts";
import type { AdminModuleKey } from "../identity/admin-modules.ts";
import type {
  AdminRow,
  AdminStatementContext,
  AdminTableSpec,
  AdminTransition,
} from "../store/types/admin-records.ts";
import type { FieldRule, Schema } from "./fields.ts";

/** Everything a hook or action handler works with. */
export interface AdminCall {
  context: UpstreamContext;
  caller: Caller;
  at: AdminStatementContext;
}

/** A guarded state change offered as `POST Admin/<path>/{key}/<name>` (and bulk without a key). */
export interface AdminTransitionAction {
  /** Action segment, e.g. "Drain". */
  name: string;
  change: AdminTransition;
  /** Also offered for selected rows: `POST Admin/<path>/<name>` with `{ ids }`. */
  bulk?: boolean;
  /** Message when a row is not in a state the action applies to. */
  refused: string;
}

/** One admin resource. */
export interface AdminResource {
  /** Path under Admin/, e.g. "Prospects" (the screen's list endpoint). */
  path: string;
  module: AdminModuleKey;
  /** Name of one record in messages, e.g. "Prospect". */
  noun: string;
  spec: AdminTableSpec;
  /** Writable fields (create and edit bodies). */
  fields?: Record<string, FieldRule>;
  /** Query schema of each filter of spec.filters. */
  filters?: Record<string, Schema>;
  create?: boolean;
  update?: boolean;
  remove?: { bulk?: boolean };
  /**
   * Also answer the list as `{ Items, Total }` (same arrays) — the first clients of the outbox and
   * application log lists read those names.
   */
  legacyListNames?: boolean;
  /** Largest create / edit body in bytes when above the service's default (long texts). */
  bodyLimit?: number;
  /** Offer `GET Admin/<path>/Export` (CSV of the list as filtered and sorted). */
  export?: boolean;
  transitions?: AdminTransitionAction[];
  /** Error code and message when a uniqueness rule refuses a write. */
  duplicate?: { code: ErrorCodeName; message: string };
  /** Message when spec.updateWhen or spec.deleteWhen refuses a change. */
  refused?: { update?: string; delete?: string; code?: ErrorCodeName };
  /**
   * Checks and completes a create (current undefined) or an edit before it is stored; throws an
   * UpstreamError to refuse. Returns the values to store.
   */
  prepare?: (values: AdminRow, current: AdminRow | undefined, call: AdminCall) => Promise<AdminRow>;
  /** Runs after a successful create or edit (mails, events). */
  afterChange?: (row: AdminRow, previous: AdminRow | undefined, call: AdminCall) => Promise<void>;
}
