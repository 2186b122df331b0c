/**
 * Renders the admin list table and the record panel to HTML in Node (react-dom/server, stylesheets
 * stubbed): sortable headers carry aria-sort, each row's name opens it and its menu is named after it,
 * rows are selectable only with a bulk action, and without Write the panel's inputs and buttons are
 * disabled except the close buttons and the secondary readOnly actions (§6).
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { initTestI18n } from "../../components/css-stub.ts";
import { shippedScreen } from "./screens-fixture.ts";

let render: (node: unknown) => string;
let createElement: typeof import("react").createElement;
let ListTable: typeof import("../../../../runtime/screens/admin/list-table.tsx").ListTable;
let RecordPanel: typeof import("../../../../runtime/screens/admin/record-panel.tsx").RecordPanel;

before(async () => {
  await initTestI18n();
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement } = await import("react"));
  ({ ListTable } = await import("../../../../runtime/screens/admin/list-table.tsx"));
  ({ RecordPanel } = await import("../../../../runtime/screens/admin/record-panel.tsx"));
});

const accounts = shippedScreen("adminAccounts");
const creditNotes = shippedScreen("adminCreditNotes");
const rows = [
  { RecId: 4, Name: "Contoso Ltd", Domain: "contoso", Status: "Active", IsWhiteLabel: true, UserCount: 2 },
  { RecId: 2, Name: "Northwind Analytics", Domain: "northwind", Status: "Trial", IsWhiteLabel: false },
];

const table = (selectable: boolean) =>
  render(
    createElement(ListTable, {
      list: accounts.list,
      rows,
      sort: { field: "Name", direction: "asc" },
      labelledBy: "title",
      busy: false,
      openable: true,
      selectable,
      selected: new Set(["2"]),
      onSelectionChange: () => {},
      onSort: () => {},
      onOpen: () => {},
      rowMenu: () => [{ id: "open", label: "Open", onSelect: () => {} }],
    }),
  );

describe("the list table", () => {
  test("sortable headers carry aria-sort; the others none", () => {
    const html = table(false);
    assert.match(html, /<th scope="col" aria-sort="ascending"><button[^>]*>Field_Name</);
    assert.match(html, /<th scope="col" aria-sort="none"><button[^>]*>Field_Domain</);
    assert.match(html, /<th scope="col">Field_IsWhiteLabel<\/th>/);
  });

  test("each row's name opens it, its menu is named after it, statuses are badges", () => {
    const html = table(false);
    assert.match(html, /<button type="button" class="admin-table__open">Contoso Ltd<\/button>/);
    assert.match(html, /aria-label="AdminList_RowActions"/);
    assert.match(html, /class="admin-badge admin-badge--success">Status_Active</);
    assert.match(html, /<span class="visually-hidden">AdminCell_Yes<\/span>/);
  });

  test("checkboxes only when rows can be selected; the selected one is checked", () => {
    assert.doesNotMatch(table(false), /type="checkbox"/);
    const html = table(true);
    assert.match(html, /aria-label="AdminList_SelectPage"/);
    assert.equal((html.match(/aria-label="AdminList_SelectRow"/g) ?? []).length, 2);
    assert.match(html, /aria-label="AdminList_SelectRow" checked=""/);
  });
});

describe("the record panel (§6)", () => {
  const panel = (screen: typeof accounts, record: Record<string, unknown>, write: boolean) =>
    render(
      createElement(RecordPanel, {
        screen,
        detail: screen.detail ?? { groups: [] },
        mode: { kind: "record", id: String(record.RecId) },
        data: { record, status: "ready", error: null, reload: () => {}, replace: () => {} },
        write,
        busy: false,
        version: 0,
        onClose: () => {},
        onSave: () => {},
        onAction: () => {},
      }),
    );
  const buttons = (html: string) =>
    [...html.matchAll(/<button([^>]*)>(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/button>/g)].map((m) => ({
      label: m[2] || /aria-label="([^"]+)"/.exec(m[1] ?? "")?.[1] || "",
      disabled: /disabled=""/.test(m[1] ?? ""),
    }));

  test("read-only staff: save, actions and delete disabled; the close buttons enabled; a note says why", () => {
    const html = panel(accounts, { RecId: 2, Name: "Northwind Analytics", Status: "Active" }, false);
    assert.match(html, /AdminDetail_ReadOnly/);
    assert.deepEqual(buttons(html), [
      { label: "AdminDialog_Close", disabled: false },
      { label: "Form_Submit", disabled: true },
      { label: "Action_Suspend", disabled: true },
      { label: "Action_Reactivate", disabled: true },
      { label: "Action_Delete", disabled: true },
      { label: "AdminDialog_Close", disabled: false },
    ]);
  });

  test("staff with Write: enabled per the record's state", () => {
    const html = panel(accounts, { RecId: 2, Name: "Northwind Analytics", Status: "Active" }, true);
    assert.doesNotMatch(html, /AdminDetail_ReadOnly/);
    assert.deepEqual(
      buttons(html).map((b) => `${b.label}:${b.disabled}`),
      [
        "AdminDialog_Close:false",
        "Form_Submit:false",
        "Action_Suspend:false",
        "Action_Reactivate:true",
        "Action_Delete:false",
        "AdminDialog_Close:false",
      ],
    );
  });

  test("a secondary readOnly action stays enabled without Write", () => {
    const html = panel(creditNotes, { RecId: 1, Number: "CN-1", Status: "Issued" }, false);
    const download = buttons(html).find((b) => b.label === "Action_DownloadPdf");
    assert.deepEqual(download, { label: "Action_DownloadPdf", disabled: false });
  });

  test("the panel is a region named by its heading, the record's name", () => {
    const html = panel(accounts, { RecId: 2, Name: "Northwind Analytics", Status: "Active" }, true);
    const labelled = /<section class="admin-panel" aria-labelledby="([^"]+)"/.exec(html)?.[1];
    assert.ok(labelled);
    assert.match(
      html,
      new RegExp(`<h2 id="${labelled}" tabindex="-1" class="admin-panel__title">Northwind Analytics</h2>`),
    );
  });
});
