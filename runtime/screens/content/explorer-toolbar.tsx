/**
 * The explorer's toolbar: search, the type filter (explorers of several types) and the create
 * actions allowed where the list is (new folder, new object of each creatable type, upload).
 */
import { useTranslation } from "react-i18next";
import { MenuButton } from "../../components/menu/menu-button.tsx";
import { Select } from "../../components/select/select.tsx";
import type { ContextActions } from "./explorer-actions.ts";
import { SearchBox } from "./search-box.tsx";
import "./content-list.css";

/** Props of an ExplorerToolbar. */
export interface ExplorerToolbarProps {
  /** The area's title, for the search placeholder. */
  title: string;
  search: string;
  onSearch: (search: string) => void;
  objectTypes: string[];
  type: string | null;
  onType: (type: string | null) => void;
  allowed: ContextActions;
  creatableTypes: string[];
  onCreateFolder: () => void;
  onCreateObject: (type: string) => void;
  onUpload: () => void;
}

const ALL_TYPES = "";

/** Search, filter and create. */
export function ExplorerToolbar(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const typeLabel = (type: string) => t(`ObjectType_${type}`);
  const single = props.creatableTypes.length === 1 ? props.creatableTypes[0] : undefined;
  return (
    <div className="content-toolbar">
      <SearchBox
        uid="explorer-search"
        label={t("Content_Search")}
        placeholder={t("Explorer_SearchPlaceholder", { title: props.title })}
        value={props.search}
        onSearch={props.onSearch}
      />
      {props.objectTypes.length > 1 ? (
        <Select
          uid="explorer-type"
          label={t("Explorer_TypeFilter")}
          hideLabel
          className="content-toolbar__filter"
          options={[
            { label: t("Explorer_AllTypes"), value: ALL_TYPES },
            ...props.objectTypes.map((type) => ({ label: typeLabel(type), value: type })),
          ]}
          value={props.type ?? ALL_TYPES}
          onChange={(value) => props.onType(typeof value === "string" && value !== ALL_TYPES ? value : null)}
        />
      ) : null}
      <div className="content-toolbar__actions">
        {props.allowed.createFolder ? (
          <button type="button" className="kit-button" onClick={props.onCreateFolder}>
            {t("Explorer_NewFolder")}
          </button>
        ) : null}
        {props.allowed.createObject && single ? (
          <button
            type="button"
            className="kit-button kit-button--primary"
            onClick={() => props.onCreateObject(single)}
          >
            {t("Explorer_NewObject", { type: typeLabel(single) })}
          </button>
        ) : null}
        {props.allowed.createObject && props.creatableTypes.length > 1 ? (
          <MenuButton
            trigger={t("Explorer_New")}
            triggerClassName="kit-button kit-button--primary"
            placement="bottom-end"
            items={props.creatableTypes.map((type) => ({
              id: type,
              label: typeLabel(type),
              onSelect: () => props.onCreateObject(type),
            }))}
          />
        ) : null}
        {props.allowed.upload ? (
          <button type="button" className="kit-button kit-button--primary" onClick={props.onUpload}>
            {t("Explorer_UploadFiles")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
