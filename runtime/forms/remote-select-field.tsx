/**
 * The rjsf field of a select whose options come from another list endpoint (screens vocabulary
 * optionsSource): `GET {endpoint}?search=&pageSize=&<query>` as the user types, offering each row's
 * labelField and storing its valueField. The labels are data (names), not translation keys.
 */
import { type FieldProps, getUiOptions } from "@rjsf/utils";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Select } from "../components/select/select.tsx";
import type { SelectOption } from "../components/select/select-options.ts";
import { debounce } from "../components/timing/rate-limit.ts";
import { apiRequest } from "../http/api-client.ts";
import type { RemoteSelectOptions } from "./screen-form.ts";
import type { SelectValue } from "./select-rules.ts";

/** Rows fetched per search (the first page of matches). */
export const REMOTE_OPTIONS_PAGE_SIZE = 50;
/** Quiet time after typing before the search is sent. */
export const REMOTE_SEARCH_DEBOUNCE_MS = 250;

/** The request path of one options search. */
export function remoteOptionsPath(source: RemoteSelectOptions["optionsSource"], search: string): string {
  const query = new URLSearchParams({ search, pageSize: String(REMOTE_OPTIONS_PAGE_SIZE), ...source.query });
  return `${source.endpoint}?${query.toString()}`;
}

/** The options of a list response: labelField shown, valueField stored, rows without a scalar value skipped. */
export function remoteOptions(
  response: unknown,
  source: RemoteSelectOptions["optionsSource"],
): SelectOption[] {
  const items = (response as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((row: Record<string, unknown>) => {
    const value = row?.[source.valueField];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return [];
    const label = row[source.labelField];
    return [{ value, label: label === undefined || label === null ? String(value) : String(label) }];
  });
}

/** A select (or multiselect) over options searched on the upstream. */
export function RemoteSelectField(props: FieldProps) {
  const { t } = useTranslation();
  const { optionsSource, multiple } = getUiOptions(props.uiSchema) as unknown as RemoteSelectOptions;
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<AbortController | null>(null);

  const load = useMemo(
    () =>
      debounce((search: string) => {
        pending.current?.abort();
        const controller = new AbortController();
        pending.current = controller;
        setLoading(true);
        apiRequest(remoteOptionsPath(optionsSource, search), { signal: controller.signal }).then(
          (response) => {
            setOptions(remoteOptions(response, optionsSource));
            setFailed(false);
            setLoading(false);
          },
          () => {
            if (controller.signal.aborted) return;
            setOptions([]);
            setFailed(true);
            setLoading(false);
          },
        );
      }, REMOTE_SEARCH_DEBOUNCE_MS),
    [optionsSource],
  );
  useEffect(() => {
    load("");
    return () => {
      load.cancel();
      pending.current?.abort();
    };
  }, [load]);

  const help = props.uiSchema?.["ui:help"];
  const value = props.formData as SelectValue | SelectValue[] | undefined;
  return (
    <Select
      uid={props.fieldPathId.$id}
      label={props.schema.title ?? props.name}
      multiple={multiple}
      options={options}
      value={multiple ? (value ?? []) : (value ?? null)}
      onChange={(next) => props.onChange(next ?? undefined, props.fieldPathId.path)}
      onSearch={load}
      loading={loading}
      required={props.required}
      disabled={props.disabled}
      readOnly={props.readonly}
      error={props.hideError ? undefined : props.rawErrors}
      help={failed ? t("Select_LoadFailed") : typeof help === "string" ? help : undefined}
    />
  );
}
