/**
 * The kit's controls rendered to HTML in Node (react-dom/server): labels tied to controls, ARIA of the
 * patterns, the §5 password placeholder, §8 uid check, and a 10,000-row virtual list rendering a screenful.
 */
import assert from "node:assert/strict";
import { before, describe, mock, test } from "node:test";
import { initTestI18n } from "./css-stub.ts";

type Kit = {
  TextField: typeof import("../../../runtime/components/fields/text-field.tsx").TextField;
  PasswordField: typeof import("../../../runtime/components/fields/password-field.tsx").PasswordField;
  Checkbox: typeof import("../../../runtime/components/fields/checkbox.tsx").Checkbox;
  Select: typeof import("../../../runtime/components/select/select.tsx").Select;
  FileUpload: typeof import("../../../runtime/components/file-upload/file-upload.tsx").FileUpload;
  ColourPicker: typeof import("../../../runtime/components/colour-picker/colour-picker.tsx").ColourPicker;
  Dropdown: typeof import("../../../runtime/components/popover/dropdown.tsx").Dropdown;
  VirtualList: typeof import("../../../runtime/components/virtual-list/virtual-list.tsx").VirtualList;
  checkUid: typeof import("../../../runtime/components/fields/uid.ts").checkUid;
};
let kit: Kit;
let html: (element: unknown) => string;
let h: typeof import("react").createElement;

before(async () => {
  await initTestI18n({ Field_ShowPassword: "Show password", Select_Placeholder: "Choose…" });
  const server = await import("react-dom/server");
  html = (element) => server.renderToStaticMarkup(element as never);
  h = (await import("react")).createElement;
  kit = {
    ...(await import("../../../runtime/components/fields/text-field.tsx")),
    ...(await import("../../../runtime/components/fields/password-field.tsx")),
    ...(await import("../../../runtime/components/fields/checkbox.tsx")),
    ...(await import("../../../runtime/components/select/select.tsx")),
    ...(await import("../../../runtime/components/file-upload/file-upload.tsx")),
    ...(await import("../../../runtime/components/colour-picker/colour-picker.tsx")),
    ...(await import("../../../runtime/components/popover/dropdown.tsx")),
    ...(await import("../../../runtime/components/virtual-list/virtual-list.tsx")),
    ...(await import("../../../runtime/components/fields/uid.ts")),
  };
});

const noop = () => {};

describe("§8 a control missing a uid logs a console error", () => {
  test("missing, empty or blank uids are reported; a real one is not", () => {
    const error = mock.method(console, "error", noop);
    try {
      assert.equal(kit.checkUid("TextField", undefined), false);
      assert.equal(kit.checkUid("TextField", "  "), false);
      assert.equal(kit.checkUid("Select", "user-email"), true);
      assert.equal(error.mock.callCount(), 2);
      assert.match(String(error.mock.calls[0]?.arguments[0]), /TextField: a form control needs a uid/);
    } finally {
      error.mock.restore();
    }
  });
});

describe("fields", () => {
  test("TextField: label for the input, required, help described", () => {
    const out = html(
      h(kit.TextField, {
        uid: "name",
        label: "Name",
        value: "x",
        onChange: noop,
        required: true,
        help: "Help",
      }),
    );
    assert.match(out, /<label id="name-label" for="name"/);
    assert.match(out, /<input id="name"[^>]*required=""[^>]*aria-describedby="name-help"/);
  });
  test("PasswordField: a stored secret shows the 8-asterisk placeholder, the toggle is a labelled button", () => {
    const out = html(h(kit.PasswordField, { uid: "pw", label: "Password", value: "*****", onChange: noop }));
    assert.match(out, /<input id="pw"[^>]*placeholder="\*{8}"[^>]*type="password"[^>]*value=""/);
    assert.match(
      out,
      /<button type="button"[^>]*aria-pressed="false" aria-controls="pw"[^>]*>Show password<\/button>/,
    );
  });
  test("Checkbox: input first, its label after", () => {
    const out = html(h(kit.Checkbox, { uid: "ok", label: "Active", checked: true, onChange: noop }));
    assert.match(
      out,
      /<input id="ok"[^>]*type="checkbox"[^>]*checked=""[^>]*\/><label id="ok-label" for="ok"/,
    );
  });
});

describe("Select (combobox with listbox popup)", () => {
  const options = [
    { label: "Apple", value: "a" },
    { label: "Banana", value: "b" },
  ];
  test("closed: combobox named by its label, not expanded, placeholder shown", () => {
    const out = html(h(kit.Select, { uid: "fruit", label: "Fruit", options, value: null, onChange: noop }));
    assert.match(
      out,
      /<div id="fruit" role="combobox" tabindex="0"[^>]*aria-labelledby="fruit-label" aria-haspopup="listbox" aria-expanded="false"/,
    );
    assert.match(out, /kit-select__placeholder">Choose…</);
  });
  test("multi-select shows the chosen labels", () => {
    const out = html(
      h(kit.Select, { uid: "f", label: "Fruit", options, multiple: true, value: ["b", "a"], onChange: noop }),
    );
    assert.match(out, /<span class="kit-select__value">Banana, Apple<\/span>/);
  });
});

test("FileUpload: the choose button is named by the label, the picker accepts the allowed extensions", () => {
  const out = html(
    h(kit.FileUpload, {
      uid: "up",
      label: "Attachment",
      rules: { extensions: ["CSV"], maxBytes: 10 },
      onFiles: noop,
    }),
  );
  assert.match(out, /<input id="up-input" type="file" tabindex="-1" aria-hidden="true"[^>]*accept=".csv"/);
  assert.match(out, /<button id="up" type="button"[^>]*aria-labelledby="up-label up-choose"/);
});

test("ColourPicker: recent colours as pressed-state swatches", () => {
  const out = html(
    h(kit.ColourPicker, {
      uid: "c",
      label: "Colour",
      value: "#ABC",
      onChange: noop,
      recentColours: ["#aabbcc", "#000"],
      onRecentColoursChange: noop,
    }),
  );
  assert.match(out, /<input id="c" type="color"[^>]*value="#aabbcc"/);
  assert.match(out, /aria-label="#aabbcc" aria-pressed="true"/);
  assert.match(out, /aria-label="#000000" aria-pressed="false"/);
});

test("Dropdown: a disclosure button, closed", () => {
  const out = html(h(kit.Dropdown, { trigger: "Notifications", children: "panel" }));
  assert.match(
    out,
    /<button[^>]*type="button"[^>]*aria-haspopup="dialog" aria-expanded="false"[^>]*>Notifications<\/button>/,
  );
  assert.doesNotMatch(out, /panel/);
});

test("VirtualList: 10,000 rows render a screenful plus the §9 buffer", () => {
  const items = Array.from({ length: 10_000 }, (_, i) => `Notification ${i}`);
  const out = html(
    h(kit.VirtualList<string>, {
      items,
      itemHeight: 30,
      maxHeight: 300,
      role: "list",
      renderItem: (item: string) => h("div", { role: "listitem" }, item),
    }),
  );
  assert.equal(out.match(/role="listitem"/g)?.length, 10 + 4);
  assert.match(out, /style="height:300000px"/);
});
