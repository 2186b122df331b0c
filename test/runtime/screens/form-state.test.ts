/** The auth forms' state as data: submit, failure, done, double submits, §5 submit checks. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AuthFailure } from "../../../runtime/screens/auth/auth-errors.ts";
import {
  type Checkable,
  fieldError,
  firstInvalid,
  formAlert,
  formReducer,
  initialForm,
  matches,
  PASSWORDS_DIFFER_KEY,
} from "../../../runtime/screens/auth/form-state.ts";

const failure = (field: AuthFailure["field"], key = "ErrorCode2003"): AuthFailure => ({
  key,
  fallbackMessage: null,
  field,
  code: 2003,
  status: 401,
  messages: [key],
});

type F = "email" | "password";
const start = () => initialForm<F>({ email: "a@b.example", password: "secret" });

describe("form reducer", () => {
  test("edit changes one value; the same value keeps the state", () => {
    const state = start();
    const edited = formReducer(state, { type: "edit", field: "email", value: "c@d.example" });
    assert.deepEqual(edited.values, { email: "c@d.example", password: "secret" });
    assert.equal(formReducer(state, { type: "edit", field: "email", value: "a@b.example" }), state);
  });

  test("submit: submitting, the last failure gone; a second submit while one runs is ignored", () => {
    const failed = formReducer(start(), { type: "failed", failure: failure(null) });
    const submitting = formReducer(failed, { type: "submit" });
    assert.equal(submitting.status, "submitting");
    assert.equal(submitting.failure, null);
    assert.equal(formReducer(submitting, { type: "submit" }), submitting);
  });

  test("failed: idle again with the failure; listed fields cleared, the others kept", () => {
    const submitting = formReducer(start(), { type: "submit" });
    const failed = formReducer(submitting, { type: "failed", failure: failure(null), clear: ["password"] });
    assert.equal(failed.status, "idle");
    assert.deepEqual(failed.values, { email: "a@b.example", password: "" });
    assert.equal(failed.failure?.key, "ErrorCode2003");
  });

  test("an aborted call (null failure) leaves the form usable and silent", () => {
    const failed = formReducer(formReducer(start(), { type: "submit" }), { type: "failed", failure: null });
    assert.equal(failed.status, "idle");
    assert.equal(failed.failure, null);
  });

  test("done and restart", () => {
    const done = formReducer(formReducer(start(), { type: "submit" }), { type: "done" });
    assert.equal(done.status, "done");
    const again = formReducer(done, { type: "restart" });
    assert.equal(again.status, "idle");
  });

  test("a field failure goes to its field; a form failure to the alert", () => {
    const onField = formReducer(start(), { type: "failed", failure: failure("email", "ErrorCode4003") });
    assert.deepEqual(fieldError(onField, "email"), ["ErrorCode4003"]);
    assert.equal(fieldError(onField, "password"), undefined);
    assert.equal(formAlert(onField), null);
    const onForm = formReducer(start(), { type: "failed", failure: failure(null) });
    assert.equal(formAlert(onForm)?.key, "ErrorCode2003");
    assert.equal(fieldError(onForm, "email"), undefined);
  });
});

describe("§5 on submit: every field checked, the first invalid one focused", () => {
  const field = (valid: boolean, log: string[], name: string): Checkable => ({
    validate: () => {
      log.push(`validate ${name}`);
      return valid;
    },
    focus: () => log.push(`focus ${name}`),
  });

  test("all fields are validated, in order, and the first invalid is returned", () => {
    const log: string[] = [];
    const fields = [field(true, log, "a"), field(false, log, "b"), null, field(false, log, "c")];
    assert.equal(firstInvalid(fields), fields[1]);
    assert.deepEqual(log, ["validate a", "validate b", "validate c"]);
  });

  test("null when every field passes", () => {
    assert.equal(firstInvalid([field(true, [], "a"), undefined]), null);
  });

  test("the confirmation must repeat the new password (an empty one is left to required)", () => {
    const check = matches(() => "s3cret-pass", PASSWORDS_DIFFER_KEY);
    assert.equal(check("s3cret-pass"), null);
    assert.equal(check("other"), PASSWORDS_DIFFER_KEY);
    assert.equal(check(""), null);
  });
});
