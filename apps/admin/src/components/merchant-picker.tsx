import { useState } from 'react';
import { ChoiceChips } from './choice-chips.tsx';
import type { Notice } from './row-editor.tsx';

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

type MerchantChoice = { id: string; name: string };

/** The merchants as a select's options, after an option for none of them when `noneLabel` names it. */
export function MerchantOptions(props: { merchants: readonly MerchantChoice[]; noneLabel?: string }) {
  return (
    <>
      {props.noneLabel !== undefined && <option value="">{props.noneLabel}</option>}
      {props.merchants.map((merchant) => (
        <option key={merchant.id} value={merchant.id}>
          {merchant.name}
        </option>
      ))}
    </>
  );
}

/** A merchant select for platform owners; nothing for a merchant's own staff. */
export function MerchantPicker(props: {
  ownMerchantId: string | null;
  merchants: readonly MerchantChoice[];
  value: string;
  onChange: (id: string) => void;
  noneLabel?: string;
}) {
  if (props.ownMerchantId !== null) return null;
  return (
    <select
      aria-label="Merchant"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <MerchantOptions
        merchants={props.merchants}
        {...(props.noneLabel === undefined ? {} : { noneLabel: props.noneLabel })}
      />
    </select>
  );
}

/** The error of a failed change, in the server's words with its code. */
export function ChangeNotice(props: { notice: Notice }) {
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

/**
 * A page of tabs for one merchant: the merchant, the open tab and the notice of the last change,
 * which goes when the operator opens another tab.
 */
export function useMerchantTabs<Tab extends string>(scope: MerchantScope, firstTab: Tab) {
  const [merchantId, setMerchantId] = useMerchantChoice(scope);
  const [tab, setTab] = useState<Tab>(firstTab);
  const [notice, setNotice] = useState<Notice>(null);
  return {
    merchantId,
    setMerchantId,
    tab,
    notice,
    setNotice,
    openTab(next: Tab) {
      setTab(next);
      setNotice(null);
    },
  };
}

/** The head of a page of tabs for one merchant: the merchant picker, the tabs, then the notice. */
export function MerchantTabsHeader<Tab extends string>(props: {
  scope: MerchantScope;
  label: string;
  tabs: readonly (readonly [Tab, string])[];
  page: ReturnType<typeof useMerchantTabs<Tab>>;
}) {
  const { page } = props;
  return (
    <>
      <div className="toolbar">
        <MerchantPicker {...props.scope} value={page.merchantId} onChange={page.setMerchantId} />
        <ChoiceChips label={props.label} choices={props.tabs} value={page.tab} onChange={page.openTab} />
      </div>
      <ChangeNotice notice={page.notice} />
    </>
  );
}
