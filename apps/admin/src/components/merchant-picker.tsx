import { useState } from 'react';

export type MerchantScope = {
  /** Null for a platform owner, who picks one of `merchants`. */
  ownMerchantId: string | null;
  merchants: { id: string; code: string; name: string }[];
};

/** The merchant a page works on: the operator's own, or the one a platform owner picked. */
export function useMerchantChoice(scope: MerchantScope) {
  const [picked, setPicked] = useState(scope.ownMerchantId ?? scope.merchants[0]?.id ?? '');
  return [scope.ownMerchantId ?? picked, setPicked] as const;
}

/** A merchant select for platform owners; nothing for a merchant's own staff. */
export function MerchantPicker(props: MerchantScope & { value: string; onChange: (id: string) => void }) {
  if (props.ownMerchantId !== null) return null;
  return (
    <select
      aria-label="Merchant"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.merchants.map((merchant) => (
        <option key={merchant.id} value={merchant.id}>
          {merchant.name}
        </option>
      ))}
    </select>
  );
}

/** The error of a failed change, in the server's words with its code. */
export function ChangeNotice(props: {
  notice: { tone: 'success' | 'danger'; title: string; detail?: string } | null;
}) {
  if (!props.notice) return null;
  return (
    <div
      className={`alert alert--${props.notice.tone}`}
      role={props.notice.tone === 'danger' ? 'alert' : 'status'}
    >
      <strong>{props.notice.title}</strong>
      {props.notice.detail && <span className="alert__code">{props.notice.detail}</span>}
    </div>
  );
}
