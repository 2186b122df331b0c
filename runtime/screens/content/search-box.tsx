/** The debounced search field of the content lists (search-committer.ts). */
import { useEffect, useRef, useState } from "react";
import { TextField } from "../../components/fields/text-field.tsx";
import { SEARCH_DEBOUNCE_MS } from "./content-limits.ts";
import { createSearchCommitter } from "./search-committer.ts";

/** Props of a SearchBox. */
export interface SearchBoxProps {
  uid: string;
  label: string;
  placeholder?: string;
  /** The committed search (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}

/** A search field committing after a pause or on Enter. */
export function SearchBox(props: SearchBoxProps) {
  const [text, setText] = useState(props.value);
  const onSearch = useRef(props.onSearch);
  onSearch.current = props.onSearch;
  const committer = useRef(
    createSearchCommitter(props.value, (search) => onSearch.current(search), SEARCH_DEBOUNCE_MS),
  );

  // The URL changed the search (back button, a link): show it and remember it as committed.
  useEffect(() => {
    committer.current.sync(props.value);
    setText((current) => (current.trim() === props.value ? current : props.value));
  }, [props.value]);
  useEffect(() => () => committer.current.cancel(), []);

  return (
    <search className="content-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          committer.current.flush(text);
        }}
      >
        <TextField
          uid={props.uid}
          type="search"
          label={props.label}
          hideLabel
          placeholder={props.placeholder}
          value={text}
          onChange={(value) => {
            setText(value);
            committer.current.type(value);
          }}
        />
      </form>
    </search>
  );
}
