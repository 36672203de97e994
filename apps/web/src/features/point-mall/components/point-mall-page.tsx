import { Coins, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthStore } from '../../../lib/session/auth-store';

type PointTab = 'redeem' | 'history' | 'details' | 'rules';

/** PointMall (spec §2: current points, redeem, redeem history, points details and rules). */
export function PointMallPage() {
  const { t } = useTranslation();
  const isLogin = useAuthStore((state) => state.isLogin);
  const openModal = useModalStore((state) => state.openModal);
  const [tab, setTab] = useState<PointTab>('redeem');
  return (
    <PageFrame title={t('pages.pointMallTitle')} icon={ShoppingBag} testId="point-mall-page">
      <div className="relative overflow-hidden rounded-lg p-5 [background:var(--panalo-hero)]">
        <p className="text-sm text-on-hero/80">{t('pages.currentPoints')}</p>
        {isLogin ? (
          <p className="mt-1 flex items-center gap-2 text-2xl font-bold text-on-hero tabular">
            <Coins size={24} aria-hidden="true" className="text-accent" />—
          </p>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-sm text-on-hero">{t('pages.pointsLoginLine')}</p>
            <Button variant="primary" size="sm" onClick={() => openModal('loginPopupModal')}>
              {t('common.login')}
            </Button>
          </div>
        )}
      </div>
      <Tabs
        label={t('pages.pointMallTitle')}
        items={(['redeem', 'history', 'details', 'rules'] as const).map((key) => ({
          key,
          label: t(`pages.pointTabs.${key}`),
        }))}
        value={tab}
        onChange={setTab}
      />
      <Panel>
        <EmptyState icon={<ShoppingBag size={26} aria-hidden="true" />} line={t('pages.pointMallLine')} />
      </Panel>
    </PageFrame>
  );
}
