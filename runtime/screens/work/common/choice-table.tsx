/**
 * The list a work panel's records are chosen from, beside the chosen record's detail (roles, teams):
 * each row's name is a button that chooses it (pressed while chosen), with an optional line under
 * it, and a count column.
 */
import type { ReactNode } from "react";
import "./work.css";

/** What a choice table lists: records with an id and a name. */
export interface Choosable {
  RecId: number;
  Name: string;
}

/** Props of ChoiceTable. */
export interface ChoiceTableProps<T extends Choosable> {
  /** Id of the heading that names the table. */
  labelledBy: string;
  items: readonly T[];
  chosenId: number | null;
  onChoose: (recId: number) => void;
  nameHeader: string;
  countHeader: string;
  countOf: (item: T) => number;
  /** A muted line under the name. */
  detailOf?: (item: T) => ReactNode;
}

/** A table of records to choose one from. */
export function ChoiceTable<T extends Choosable>(props: ChoiceTableProps<T>) {
  const { items, chosenId, onChoose, detailOf, countOf } = props;
  return (
    <div className="work-table-wrap">
      <table className="work-table" aria-labelledby={props.labelledBy}>
        <thead>
          <tr>
            <th scope="col">{props.nameHeader}</th>
            <th scope="col" className="work-num">
              {props.countHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.RecId} className={chosenId === item.RecId ? "work-row--current" : undefined}>
              <th scope="row">
                <button
                  type="button"
                  className="work-link"
                  aria-pressed={chosenId === item.RecId}
                  onClick={() => onChoose(item.RecId)}
                >
                  {item.Name}
                </button>
                {detailOf ? <div className="work-muted">{detailOf(item)}</div> : null}
              </th>
              <td className="work-num">{countOf(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
