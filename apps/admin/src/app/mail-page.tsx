import { type MerchantScope, MerchantTabsHeader, useMerchantTabs } from '../components/merchant-picker.tsx';
import { MailTab, TemplatesTab } from '../features/mail/mail-tabs.tsx';

type Tab = 'mail' | 'templates';

const TABS: readonly (readonly [Tab, string])[] = [
  ['mail', 'Mail'],
  ['templates', 'Message templates'],
];

/**
 * Mail (docs/back-office.md "Mail and message templates"): one merchant's mail to members, and the
 * wording of the messages the platform sends by itself.
 */
export function MailPage(
  props: MerchantScope & {
    /** Write and cancel mail, change templates (messages.write). */
    canWrite: boolean;
  },
) {
  const page = useMerchantTabs<Tab>(props, 'mail');
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Mail views" tabs={TABS} page={page} />
      {page.tab === 'mail' && (
        <MailTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
      {page.tab === 'templates' && (
        <TemplatesTab
          key={page.merchantId}
          merchantId={page.merchantId}
          canWrite={props.canWrite}
          onNotice={page.setNotice}
        />
      )}
    </div>
  );
}
