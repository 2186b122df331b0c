/**
 * Change sets (DESIGN.md §3 publishing): one draft may touch several kinds and languages, in the
 * operator layer or in account layers, and is validated, approved, scheduled, published and rolled
 * back as one unit. An edit is a JSON Merge Patch of, or a whole replacement for, the document its
 * layer shows at the change set's base version.
 */

import { createMergePatch, jsonEqual } from "../../../core/json/json-merge.ts";
import { findForbiddenKey, isJsonObject, mergePatch } from "../../../core/json/prototype-pollution.ts";
import type { ConfigEdit } from "../../../schemas/config-answers.ts";
import { problemMessage } from "../manifests/problem-messages.ts";
import {
  type BaseConfiguration,
  baseDocuments,
  type ConfigContent,
  type ConfigProblem,
  type LayerPatches,
} from "./config-content.ts";
import { isConfigKind } from "./config-kinds.ts";

/** One edit of a change set (schemas/config-api.ts is its wire shape, schemas/config-answers.ts its type). */
export type { ConfigEdit };

/** Where an edit lands: `operator/<kind>` or `account:<id>/<kind>`. */
export function editTarget(edit: Pick<ConfigEdit, "kind" | "account">): string {
  return edit.account === undefined ? `operator/${edit.kind}` : `account:${edit.account}/${edit.kind}`;
}

function layerOf(content: ConfigContent, account: number | undefined): LayerPatches {
  return account === undefined ? content.operator : (content.accounts[String(account)] ?? {});
}

/**
 * The content with the edits applied — the operator layer's in order, then each account layer's in
 * order — or the problems that keep them from applying (a forbidden key, an unknown kind, neither or
 * both of merge and document). The result is not yet validated: materialise() does that.
 */
export function applyEdits(
  base: BaseConfiguration,
  content: ConfigContent,
  edits: readonly ConfigEdit[],
): { content: ConfigContent; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  let operator: LayerPatches = { ...content.operator };
  const accounts: Record<string, LayerPatches> = { ...content.accounts };
  const baseDocs = baseDocuments(base);
  // The operator layer's edits first, then the accounts': an account layer is the difference from the
  // operator layer this change set produces, whatever the order its edits were listed in.
  const ordered = [...edits.entries()].sort(
    ([a, x], [b, y]) => Number(x.account !== undefined) - Number(y.account !== undefined) || a - b,
  );
  for (const [index, edit] of ordered) {
    const at = `/edits/${index}`;
    if (!isConfigKind(edit.kind)) {
      problems.push({
        kind: "content",
        pointer: `${at}/kind`,
        reason: "unknown kind",
        message: problemMessage("UnknownKind", { kind: String(edit.kind) }),
      });
      continue;
    }
    const hasMerge = edit.merge !== undefined;
    const hasDocument = edit.document !== undefined;
    if (hasMerge === hasDocument) {
      problems.push({
        kind: edit.kind,
        pointer: at,
        reason: "an edit holds exactly one of merge and document",
        message: problemMessage("EditMergeOrDocument"),
      });
      continue;
    }
    const value = hasMerge ? edit.merge : edit.document;
    if (!isJsonObject(value)) {
      problems.push({
        kind: edit.kind,
        pointer: at,
        reason: "merge and document must be JSON objects",
        message: problemMessage("EditNotObject"),
      });
      continue;
    }
    const forbidden = findForbiddenKey(value);
    if (forbidden !== null) {
      problems.push({
        kind: edit.kind,
        pointer: forbidden,
        reason: "forbidden key (prototype pollution)",
        message: problemMessage("ForbiddenKey"),
      });
      continue;
    }
    // Only the edited kind is merged: the other documents of the layers stay untouched.
    const kind = edit.kind;
    const patched = (document: unknown, patch: unknown) =>
      patch === undefined ? document : mergePatch(document, patch);
    const operatorDocument = patched(baseDocs[kind], operator[kind]);
    const below = edit.account === undefined ? baseDocs[kind] : operatorDocument;
    const current =
      edit.account === undefined
        ? operatorDocument
        : patched(operatorDocument, accounts[String(edit.account)]?.[kind]);
    const next = hasMerge ? mergePatch(current, value) : value;
    const patch = createMergePatch(below, next);
    const layer = { ...layerOf({ operator, accounts }, edit.account) };
    if (patch === undefined) delete layer[edit.kind];
    else if (isJsonObject(patch)) layer[edit.kind] = patch;
    else {
      problems.push({
        kind: edit.kind,
        pointer: at,
        reason: "the edited document must be a JSON object",
        message: problemMessage("EditedNotObject"),
      });
      continue;
    }
    if (edit.account === undefined) operator = layer;
    else if (Object.keys(layer).length === 0) delete accounts[String(edit.account)];
    else accounts[String(edit.account)] = layer;
  }
  return { content: { operator, accounts }, problems };
}

/** The layer documents a change set touches that differ between two contents (a stale base). */
export function conflictingTargets(
  edits: readonly ConfigEdit[],
  baseContent: ConfigContent,
  headContent: ConfigContent,
): string[] {
  const conflicts = new Set<string>();
  for (const edit of edits) {
    const before = layerOf(baseContent, edit.account)[edit.kind];
    const after = layerOf(headContent, edit.account)[edit.kind];
    if (!jsonEqual(before, after)) conflicts.add(editTarget(edit));
  }
  return [...conflicts];
}
