import { Headset } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { openCustomerService, pickPrimaryCustomerService } from '../../../lib/customer-service';
import { usePermission } from '../../../lib/system/system-hooks';

type StatusPageProps = { icon: ReactNode; title: string; children: ReactNode; testId: string };

/** The full-page frame of the maintenance and region-blocked views, with the customer-service button when there is a channel. */
export function StatusPage({ icon, title, children, testId }: StatusPageProps) {
  const { t } = useTranslation();
  const permission = usePermission();
  const customerService = pickPrimaryCustomerService(permission.data?.customerService);
  return (
    <main
      className="relative grid min-h-dvh place-items-center overflow-hidden px-5 py-10"
      data-testid={testId}
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-72 opacity-60 [background:var(--panalo-hero)] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div className="relative flex w-full max-w-md flex-col items-center gap-5 rounded-lg border border-line bg-surface p-8 text-center shadow-raised">
        <Logo
          siteName={permission.data?.siteName ?? 'Panalo'}
          imageUrl={permission.data?.resources.LOGO?.[0]?.url}
        />
        <div className="grid size-16 place-items-center rounded-full bg-brand-soft text-brand-strong">
          {icon}
        </div>
        <h1 className="text-xl font-bold">{title}</h1>
        <div className="flex flex-col gap-2 text-sm text-muted">{children}</div>
        {/* A merchant without a customer-service channel shows no button for one. */}
        {customerService ? (
          <Button
            variant="primary"
            className="w-full"
            icon={<Headset size={18} aria-hidden="true" />}
            onClick={() => openCustomerService(customerService, { hasModals: false })}
            data-testid="status-customer-service"
          >
            {t('status.contactSupport')}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
