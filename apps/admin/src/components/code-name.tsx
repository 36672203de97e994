import { type LabelMap, labelOfCode } from '../lib/labels.ts';

/**
 * A code's name, with the code itself small beside it where operators search or filter by it
 * (game types, account types); without `showsCode` only the name.
 */
export function CodeName(props: { labels: LabelMap; code: string | number; showsCode?: boolean }) {
  const name = labelOfCode(props.labels, props.code);
  return (
    <>
      {name}
      {props.showsCode && name !== String(props.code) && (
        <span className="mono muted small code-beside">{props.code}</span>
      )}
    </>
  );
}
