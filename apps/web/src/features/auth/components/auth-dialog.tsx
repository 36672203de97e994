import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { BannerGroup } from '../../../lib/api/system-types';
import { AuthBanner } from './auth-banner';

/** The small dialog of logging in or registering, with the merchant's banner for it on top. */
export function AuthDialog({
  title,
  onClose,
  testId,
  bannerGroup,
  children,
}: {
  title: string;
  onClose: () => void;
  testId: string;
  bannerGroup: BannerGroup;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="sm"
      testId={testId}
      header={<AuthBanner group={bannerGroup} />}
    >
      {children}
    </Dialog>
  );
}
