/**
 * The raw JSON editor for experts (DESIGN.md §3 documents, edited as text): CodeMirror 6 with the
 * JSON grammar, completion of the properties and values the kind's schema allows at the cursor, a
 * description on hover, and the schema's problems marked inline as the text changes — all from
 * json-schema-assist.ts, on the interpreting validator (no eval under the CSP). Loaded only when
 * opened: the document editor imports this module with import(), so CodeMirror is its own chunk.
 *
 * Keyboard: Tab is left to the browser, so focus never gets trapped in the text (WCAG 2.1.2);
 * indent with Ctrl+] / Ctrl+[, complete with Ctrl+Space, go to the next problem with F8, list the
 * problems with Ctrl+Shift+M, search with Ctrl+F — said in a panel under the text that describes it.
 *
 * CSP: the page allows no inline styles, and CodeMirror puts its styles in a <style> element in a
 * document; in a shadow root it adopts a constructed stylesheet instead, which the policy allows.
 * So the editor lives in a shadow root, themed by json-editor-theme.ts.
 */
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
  syntaxTree,
} from "@codemirror/language";
import { type Diagnostic, linter, lintGutter, lintKeymap } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
  showPanel,
} from "@codemirror/view";
import type { SyntaxNode } from "@lezer/common";
import { classHighlighter } from "@lezer/highlight";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { FocusRequest } from "./document-form.tsx";
import { propertyTextKey, readableName } from "./document-form-model.ts";
import { jsonEditorTheme } from "./json-editor-theme.ts";
import {
  describePlace,
  type JsonLint,
  lintJsonText,
  placeholderFor,
  propertySuggestions,
  schemasAt,
  valueSuggestions,
} from "./json-schema-assist.ts";
import { locationOf, parseJsonWithLocations } from "./json-source-map.ts";
import type { JsonSchemaObject, Translate } from "./schema-validation.ts";
import "./json-editor.css";

/** Props of the JSON editor. */
export interface JsonEditorProps {
  /** The text; a value different from what the editor holds (a change from outside) replaces it. */
  text: string;
  /** The schema the text's value must satisfy; null: syntax only. */
  schema: JsonSchemaObject | null;
  /** §6: the text can be read, searched and copied, not changed. */
  readOnly: boolean;
  /** The accessible name of the text area. */
  label: string;
  /** The keyboard help shown under the text, which describes it for screen readers. */
  keyboardHelp: string;
  /** Every edit, with the whole text. */
  onTextChange: (text: string) => void;
  /** After each lint: whether the text parses, its value and problems. */
  onLint?: (lint: JsonLint) => void;
  /** A pointer into the text's value to put the cursor on (and focus the editor). */
  focus: FocusRequest | null;
}

const VALUE_NODES = new Set(["Object", "Array", "String", "Number", "True", "False", "Null"]);
/** Time after the last keystroke before the text is linted. */
const LINT_DELAY_MS = 300;

/** The text of a PropertyName node, unquoted. */
function propertyName(state: EditorState, node: SyntaxNode): string {
  const raw = state.sliceDoc(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, "");
  }
}

/** The pointer tokens of the value `node` is (or is inside of), from the syntax tree (which survives typos). */
function tokensOf(state: EditorState, node: SyntaxNode): string[] {
  const tokens: string[] = [];
  let child: SyntaxNode = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === "Property") {
      const name = parent.getChild("PropertyName");
      if (name && child.from >= name.to) tokens.unshift(propertyName(state, name));
    } else if (parent.name === "Array" && VALUE_NODES.has(child.name)) {
      let index = 0;
      for (
        let sibling = parent.firstChild;
        sibling && sibling.from < child.from;
        sibling = sibling.nextSibling
      ) {
        if (VALUE_NODES.has(sibling.name)) index++;
      }
      tokens.unshift(String(index));
    }
  }
  return tokens;
}

/** The names an Object node already has. */
function presentNames(state: EditorState, object: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const property of object.getChildren("Property")) {
    const name = property.getChild("PropertyName");
    if (name) names.add(propertyName(state, name));
  }
  return names;
}

interface AssistContext {
  schema: JsonSchemaObject | null;
  /** The last value the text parsed to: tells which alternative of a oneOf applies. */
  value: unknown;
  t: Translate;
}

/** Completion of property names in an object and of allowed values, from the schema. */
function schemaCompletion(assist: { current: AssistContext }) {
  return (context: CompletionContext): CompletionResult | null => {
    const { schema, value, t } = assist.current;
    if (!schema) return null;
    const { state, pos } = context;
    const node = syntaxTree(state).resolveInner(pos, -1);
    const word = context.matchBefore(/"?[A-Za-z0-9_$.-]*"?/);
    const label = (name: string) => t(propertyTextKey(name), { defaultValue: readableName(name) });

    const keyCompletion = (object: SyntaxNode, from: number, to: number): CompletionResult | null => {
      const tokens = tokensOf(state, object);
      const suggestions = propertySuggestions(schemasAt(schema, tokens, value), presentNames(state, object));
      if (suggestions.length === 0) return null;
      const options: Completion[] = suggestions.map((suggestion) => ({
        label: suggestion.name,
        detail: [
          label(suggestion.name),
          suggestion.type,
          suggestion.required ? t("StudioDocument_Required") : "",
        ]
          .filter(Boolean)
          .join(" · "),
        info: suggestion.description || undefined,
        type: "property",
        boost: suggestion.required ? 1 : 0,
        apply: (view, _completion, applyFrom, applyTo) => {
          const { before, after } = placeholderFor(suggestion.type);
          const insert = `${JSON.stringify(suggestion.name)}: ${before}${after}`;
          view.dispatch({
            changes: { from: applyFrom, to: applyTo, insert },
            selection: { anchor: applyFrom + insert.length - after.length },
          });
        },
      }));
      return { from, to, options, validFor: /^"?[A-Za-z0-9_$.-]*"?$/ };
    };

    const valueCompletion = (at: SyntaxNode, from: number, to: number): CompletionResult | null => {
      const values = valueSuggestions(schemasAt(schema, tokensOf(state, at), value));
      if (values.length === 0) return null;
      return {
        from,
        to,
        options: values.map((candidate) => ({ label: JSON.stringify(candidate), type: "constant" })),
      };
    };

    if (node.name === "PropertyName" && node.parent?.parent) {
      return keyCompletion(node.parent.parent, node.from, node.to);
    }
    if (
      node.name === "Object" ||
      ((node.name === "{" || node.name === ",") && node.parent?.name === "Object")
    ) {
      const object = node.name === "Object" ? node : (node.parent as SyntaxNode);
      if (!context.explicit && !word) return null;
      return keyCompletion(object, word ? word.from : pos, pos);
    }
    if (node.name === "⚠" && node.parent?.name === "Object") {
      return keyCompletion(node.parent, word ? word.from : pos, pos);
    }
    if (["String", "Number", "True", "False", "Null"].includes(node.name)) {
      return valueCompletion(node, node.from, node.to);
    }
    if (node.name === ":" && node.parent?.name === "Property") {
      const valueNode = node.nextSibling;
      return valueNode && VALUE_NODES.has(valueNode.name)
        ? valueCompletion(valueNode, valueNode.from, valueNode.to)
        : context.explicit
          ? valueCompletion(node.parent, pos, pos)
          : null;
    }
    return null;
  };
}

/** The hover: the label, type and description of the property under the pointer. */
function schemaHover(assist: { current: AssistContext }) {
  return hoverTooltip((view, pos) => {
    const { schema, value, t } = assist.current;
    if (!schema) return null;
    const node = syntaxTree(view.state).resolveInner(pos, 1);
    if (node.name !== "PropertyName" || !node.parent) return null;
    const property = node.parent;
    const name = propertyName(view.state, node);
    const tokens = [...tokensOf(view.state, property), name];
    const place = describePlace(schemasAt(schema, tokens, value));
    if (!place) return null;
    return {
      pos: node.from,
      end: node.to,
      above: true,
      create: () => {
        const dom = document.createElement("div");
        dom.className = "studio-doc-json__hover";
        const title = document.createElement("strong");
        title.textContent = t(propertyTextKey(name), { defaultValue: readableName(name) });
        dom.append(title);
        if (place.type) {
          const type = document.createElement("span");
          type.className = "studio-doc-json__hover-type";
          type.textContent = ` ${place.type}`;
          dom.append(type);
        }
        if (place.description) {
          const description = document.createElement("p");
          description.textContent = place.description;
          dom.append(description);
        }
        return { dom };
      },
    };
  });
}

/** The raw JSON editor (default export: loaded with import() by the document editor). */
export default function JsonEditor(props: JsonEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const helpId = `${useId()}-keys`;
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const assist = useRef<AssistContext>({ schema: props.schema, value: undefined, t });
  assist.current = { ...assist.current, schema: props.schema, t };
  const readOnlyCompartment = useRef(new Compartment());
  const labelCompartment = useRef(new Compartment());
  const lintCompartment = useRef(new Compartment());

  // The view lives as long as the component; later props reach it through compartments and refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; see the effects below
  useEffect(() => {
    if (!host.current) return;
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      foldGutter(),
      lintGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      json(),
      syntaxHighlighting(classHighlighter),
      autocompletion({ override: [schemaCompletion(assist)], icons: false }),
      schemaHover(assist),
      // No indentWithTab: Tab moves focus on (WCAG 2.1.2).
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...historyKeymap,
        ...foldKeymap,
        ...completionKeymap,
        ...lintKeymap,
      ]),
      jsonEditorTheme,
      readOnlyCompartment.current.of(readOnlyExtensions(props.readOnly)),
      labelCompartment.current.of(labelExtensions(props.label, props.keyboardHelp, helpId)),
      lintCompartment.current.of(lintExtension()),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) latest.current.onTextChange(update.state.doc.toString());
      }),
    ];
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
    const created = new EditorView({
      root: shadow,
      parent: shadow,
      state: EditorState.create({ doc: props.text, extensions }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  /** The linter: runs on the current schema and messages, reports the outcome to the parent. */
  function lintExtension(): Extension {
    return linter(
      (editor): Diagnostic[] => {
        const lint = lintJsonText(editor.state.doc.toString(), assist.current.schema, assist.current.t);
        if (lint.parses) assist.current = { ...assist.current, value: lint.value };
        latest.current.onLint?.(lint);
        return lint.diagnostics.map((diagnostic) => ({
          from: diagnostic.from,
          to: diagnostic.to,
          severity: "error",
          message: diagnostic.message,
        }));
      },
      { delay: LINT_DELAY_MS },
    );
  }

  // A text from outside (another item, the document changed elsewhere) replaces the editor's.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === props.text) return;
    const anchor = Math.min(editor.state.selection.main.anchor, props.text.length);
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: props.text },
      selection: { anchor },
    });
  }, [props.text]);

  useEffect(() => {
    view.current?.dispatch({
      effects: readOnlyCompartment.current.reconfigure(readOnlyExtensions(props.readOnly)),
    });
  }, [props.readOnly]);

  useEffect(() => {
    view.current?.dispatch({
      effects: labelCompartment.current.reconfigure(labelExtensions(props.label, props.keyboardHelp, helpId)),
    });
  }, [props.label, props.keyboardHelp, helpId]);

  // A new schema or language: lint again with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the linter reads both through the assist ref
  useEffect(() => {
    view.current?.dispatch({ effects: lintCompartment.current.reconfigure(lintExtension()) });
  }, [props.schema, t]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !props.focus) return;
    const parsed = parseJsonWithLocations(editor.state.doc.toString());
    const location = parsed.ok
      ? locationOf(parsed.locations, props.focus.pointer)
      : { valueFrom: 0, valueTo: 0 };
    const anchor = location.keyFrom ?? location.valueFrom;
    editor.dispatch({ selection: { anchor }, scrollIntoView: true });
    editor.focus();
  }, [props.focus]);

  return <div ref={host} className="studio-doc-json" />;
}

function readOnlyExtensions(readOnly: boolean): Extension {
  return [
    EditorState.readOnly.of(readOnly),
    EditorView.contentAttributes.of(readOnly ? { "aria-readonly": "true" } : {}),
  ];
}

/**
 * The name of the text and its keyboard help: a panel under it, in the same shadow root (an
 * aria-describedby cannot point out of it).
 */
function labelExtensions(label: string, keyboardHelp: string, helpId: string): Extension {
  return [
    EditorView.contentAttributes.of({ "aria-label": label, "aria-describedby": helpId }),
    showPanel.of(() => {
      const dom = document.createElement("p");
      dom.id = helpId;
      dom.className = "studio-doc-json__keys";
      dom.textContent = keyboardHelp;
      return { dom, top: false };
    }),
  ];
}
