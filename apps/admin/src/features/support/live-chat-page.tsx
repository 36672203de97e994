import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import { ChatFigures } from './chat-figures.tsx';
import { type DeskMemberAccount, DeskPage } from './desk-page.tsx';

type Tab = 'desk' | 'figures';

const TABS: readonly (readonly [Tab, string])[] = [
  ['desk', 'Conversations'],
  ['figures', 'Figures'],
];

/**
 * The Live chat section (docs/chat.md): the desk where an operator of a merchant answers its
 * customers, and the desk's figures. A platform owner belongs to no merchant's desk: they see the
 * figures of the merchant they pick.
 */
export function LiveChatPage(
  props: MerchantScope & { operatorId: string; MemberAccount: DeskMemberAccount },
) {
  const hasDesk = props.ownMerchantId !== null;
  const page = useMerchantTabs<Tab>(props, hasDesk ? 'desk' : 'figures');
  return (
    <div className="page">
      <MerchantTabsHeader
        scope={props}
        label="Live chat views"
        tabs={hasDesk ? TABS : TABS.filter(([tab]) => tab === 'figures')}
        page={page}
      />
      {page.tab === 'desk' && hasDesk && (
        <DeskPage
          merchantId={props.ownMerchantId}
          operatorId={props.operatorId}
          MemberAccount={props.MemberAccount}
        />
      )}
      {page.tab === 'figures' && <ChatFigures key={page.merchantId} merchantId={page.merchantId} />}
    </div>
  );
}
